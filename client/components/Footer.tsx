// The footer. Only its colour toggle changes after load: the browser keeps the rest as the server
// rendered it (FooterSocial and FooterBottom run on the server only), so its code is not shipped.

import type { ReactNode } from 'react';
import { useSite } from '../context.ts';
import { pageHref } from '../contract/urls.ts';
import { Icon } from './Icons.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

/** The frame around the footer's static parts, `social` and `bottom`. */
export function Footer({ social, bottom }: { social: ReactNode; bottom: ReactNode }) {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-row">
          {social}
          <div className="footer-theme-toggle-wrapper">
            <ThemeToggle />
          </div>
        </div>
        {bottom}
      </div>
    </footer>
  );
}

export function FooterSocial() {
  const { social } = useSite().site.footer;
  return social.length > 0 ? (
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
  ) : null;
}

export function FooterBottom() {
  const { site } = useSite();
  const { links, copyright } = site.footer;
  return (
    <div className="footer-bottom">
      <span className="footer-copyright">{copyright}</span>
      {links.length > 0 ? (
        <ul className="footer-links" aria-label="Legal and contact">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={pageHref(link.href, site.trailingSlash)}
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
  );
}
