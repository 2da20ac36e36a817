// Bytes a page costs on first load: its HTML, the scripts it loads before interaction
// (module scripts and modulepreloads) and its CSS (inline and linked), each gzip-compressed as served.

import { gzipSync } from 'node:zlib';

export interface PageWeight {
  htmlBytes: number;
  htmlGzipBytes: number;
  firstLoadJsBytes: number;
  firstLoadJsGzipBytes: number;
  cssGzipBytes: number;
  scripts: string[];
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 6 }).length;

/** The entry and chunks the page's loader requests once it is painted, and any module script. */
export function firstLoadScripts(html: string): string[] {
  const loader = html.match(/<script id="__start"([^>]*)>/)?.[1] ?? '';
  const attribute = (name: string) => loader.match(new RegExp(`data-${name}="([^"]*)"`))?.[1] ?? '';
  const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  const loaded = [attribute('src'), ...attribute('preload').split(' ')].filter(Boolean);
  return [...new Set([...loaded, ...modules, ...preloads])];
}

/** Text of the page's inline <style> elements. */
export function inlineStyles(html: string): string {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!).join('');
}

export function stylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
}

async function bytesOf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function pageWeight(origin: string, route: string): Promise<PageWeight> {
  const html = await bytesOf(`${origin}${route}`);
  const text = new TextDecoder().decode(html);
  const scripts = firstLoadScripts(text);
  const js = await Promise.all(scripts.map((src) => bytesOf(new URL(src, origin).href)));
  const css = await Promise.all(stylesheets(text).map((href) => bytesOf(new URL(href, origin).href)));
  return {
    htmlBytes: html.length,
    htmlGzipBytes: gzip(html),
    firstLoadJsBytes: js.reduce((sum, file) => sum + file.length, 0),
    firstLoadJsGzipBytes: js.reduce((sum, file) => sum + gzip(file), 0),
    // Inline CSS is also part of the HTML's bytes; counted here too, so the CSS column stays comparable.
    cssGzipBytes: [...css, new TextEncoder().encode(inlineStyles(text))]
      .filter((file) => file.length > 0)
      .reduce((sum, file) => sum + gzip(file), 0),
    scripts,
  };
}
