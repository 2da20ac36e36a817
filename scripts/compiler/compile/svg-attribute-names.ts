// SVG attributes as sites write them in JSX (`stroke-linejoin`, `fill-rule`, `xlink:href`): React
// renders them as written but, in development, warns that it wants its own names (`strokeLinejoin`),
// and the build's React is the development one. The build gives React its names, which it renders
// as the same attributes, so the HTML is what React would write and the build stays quiet.

/** SVG's attributes with a dash or colon that React names in camelCase (React DOM's list). */
const svgAttributes = new Set(
  [
    'accent-height alignment-baseline arabic-form baseline-shift cap-height clip-path clip-rule',
    'color-interpolation color-interpolation-filters color-profile color-rendering dominant-baseline',
    'enable-background fill-opacity fill-rule flood-color flood-opacity font-family font-size',
    'font-size-adjust font-stretch font-style font-variant font-weight glyph-name',
    'glyph-orientation-horizontal glyph-orientation-vertical horiz-adv-x horiz-origin-x image-rendering',
    'letter-spacing lighting-color marker-end marker-mid marker-start overline-position',
    'overline-thickness paint-order panose-1 pointer-events rendering-intent shape-rendering stop-color',
    'stop-opacity strikethrough-position strikethrough-thickness stroke-dasharray stroke-dashoffset',
    'stroke-linecap stroke-linejoin stroke-miterlimit stroke-opacity stroke-width text-anchor',
    'text-decoration text-rendering transform-origin underline-position underline-thickness unicode-bidi',
    'unicode-range units-per-em v-alphabetic v-hanging v-ideographic v-mathematical vector-effect',
    'vert-adv-y vert-origin-x vert-origin-y word-spacing writing-mode x-height',
    'xlink:actuate xlink:arcrole xlink:href xlink:role xlink:show xlink:title xlink:type',
    'xml:base xml:lang xml:space xmlns:xlink',
  ]
    .join(' ')
    .split(' '),
);

const reactName = (name: string) => name.replace(/[-:](\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The props of an element of type `type` with React's names for SVG's attributes. A custom
 * element (a dash in its name) takes its attributes as written, in React too.
 */
export function withReactSvgNames<Props extends Record<string, unknown>>(type: string, props: Props): Props {
  if (type.includes('-') || !Object.keys(props).some((name) => svgAttributes.has(name))) return props;
  return Object.fromEntries(
    Object.entries(props).map(([name, value]) => [svgAttributes.has(name) ? reactName(name) : name, value]),
  ) as Props;
}
