// The SELF documentation site. Every key is optional; see README "Configuration".
import { defineSiteConfig } from 'self-docs/config';

export default defineSiteConfig({
  title: 'SELF Documentation',
  tagline: 'Your Private Digital Universe',
  url: 'https://docs.self.app',
  favicon: '/img/favicon.svg',
  navbar: {
    title: '',
    logo: {
      alt: 'SELF Logo',
      src: '/img/self-wordmark-black.svg',
      srcDark: '/img/self-wordmark-white.svg',
      href: 'https://self.app',
      target: '_self',
    },
    items: [],
    hideOnScroll: false,
  },
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  announcementBar: {
    id: 'stellar-network-2025',
    content:
      'SELF Chain runs on <a href="/technical-docs/PoAI/proof-of-ai">Proof-of-AI</a> consensus with post-quantum cryptography. See what works today on the <a href="/project-status">Project Status</a> page.',
    backgroundColor: '#0138ae',
    textColor: '#ffffff',
    isCloseable: true,
  },
  footer: {
    social: [
      { name: 'Discord', href: 'https://discord.gg/WdMdVpA4C8', icon: 'discord' },
      { name: 'GitHub', href: 'https://github.com/SELF-Technology/self-chain-public', icon: 'github' },
      { name: 'X', href: 'https://x.com/self_hq', icon: 'x' },
      { name: 'Telegram', href: 'https://t.me/selfcommunitychat', icon: 'telegram' },
      { name: 'Instagram', href: 'https://instagram.com/selfappofficial', icon: 'instagram' },
      { name: 'YouTube', href: 'https://www.youtube.com/@selfcommunityvideos', icon: 'youtube' },
      { name: 'LinkedIn', href: 'https://www.linkedin.com/company/selftechnology/', icon: 'linkedin' },
    ],
    links: [
      { label: 'Terms & Conditions', href: 'https://self.app/terms', newTab: true },
      { label: 'Cookie Policy', href: 'https://self.app/cookies', newTab: true },
      { label: 'Privacy Policy', href: 'https://self.app/privacy', newTab: true },
      { label: 'Contact Us', href: 'mailto:info@self.app?subject=Mail-from-site', newTab: false },
    ],
    copyright: `© SELF ${new Date().getFullYear()}`,
  },
  docs: { versionLabel: 'Next' },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
});
