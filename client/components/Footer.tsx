import { useSite } from '../context.ts';
import { Icon } from './Icons.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

export function Footer() {
  const { site } = useSite();
  const { social, links, copyright } = site.footer;
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-row">
          {social.length > 0 ? (
            <ul className="footer-social" aria-label="SELF on social media">
              {social.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={link.name}
                    title={link.name}
                    className="footer-social-link"
                  >
                    <Icon name={`brand-${/^[a-z]+$/.test(link.icon) ? link.icon : 'link'}`} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="footer-theme-toggle-wrapper">
            <ThemeToggle />
          </div>
        </div>
        <div className="footer-bottom">
          <span className="footer-copyright">{copyright}</span>
          {links.length > 0 ? (
            <ul className="footer-links" aria-label="Legal and contact">
              {links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="footer-link"
                    {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
