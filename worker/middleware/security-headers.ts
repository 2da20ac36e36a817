// Security headers on every worker response (static assets get theirs from `_headers`).

import { secureHeaders } from 'hono/secure-headers';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { inlineScriptHashes } from '../render/inline-scripts.ts';

/** Hosts of the video and slide embeds that pages use. */
const frameHosts = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://www.canva.com',
  'https://open.spotify.com',
];

export const scriptHash: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('inlineScriptHashes', (await inlineScriptHashes()).join(' '));
  await next();
};

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", (c) => (c.get('inlineScriptHashes') as string | undefined) ?? "'none'"],
    // Inline style attributes carry build-time syntax colours and configured bar colours; no inline scripts.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: frameHosts,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: {
    camera: [],
    microphone: [],
    geolocation: [],
    payment: [],
    usb: [],
  },
});
