// An SVG file a site module imports becomes a React component, as Docusaurus's SVGR makes it.

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { svgComponentModule } from '../../../../../../scripts/compiler/compile/islands/svg-components.ts';

/** The module, evaluated: its default export. */
function component(source: string) {
  const code = svgComponentModule(source)
    .replace("import { createElement } from 'react';", '')
    .replace(/export default function/, 'return function')
    .replace(/export const ReactComponent = SvgComponent;/, '');
  return new Function('createElement', code)(createElement) as (props: Record<string, unknown>) => unknown;
}

describe('an SVG file as a component', () => {
  it("draws the file's svg with its attributes in React's names, the props given on top", () => {
    const Svg = component(
      '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" class="art" stroke-width=\'2\' style="color:red"><circle r="4"/></svg>\n',
    );
    expect(renderToString(createElement(Svg as never, { className: 'mine', role: 'img', title: 'Ignored' }))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" class="mine" stroke-width="2" role="img"><circle r="4"/></svg>',
    );
  });

  it('gives an empty svg for a file that holds none', () => {
    const Svg = component('not a drawing');
    expect(renderToString(createElement(Svg as never, {}))).toBe('<svg></svg>');
  });
});
