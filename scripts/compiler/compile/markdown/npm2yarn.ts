// The `npm2yarn` fence of @docusaurus/remark-plugin-npm2yarn, built in: a ```bash npm2yarn block
// becomes Tabs with the npm command and its Yarn and pnpm equivalents, converted the way the
// npm-to-yarn package does for the commands docs use.

import { walkTree } from './walk-tree.ts';
import type { Code, Root } from 'mdast';

export type PackageManager = 'yarn' | 'pnpm';

// npm's aliases, by what they do.
const installAliases = new Set(['install', 'i', 'add', 'isntall', 'in']);
const uninstallAliases = new Set(['uninstall', 'un', 'remove', 'rm', 'r', 'unlink']);
const updateAliases = new Set(['update', 'up', 'upgrade']);
// Scripts npm runs without `run`, which Yarn and pnpm run the same way.
const lifecycleScripts = new Set(['test', 't', 'start', 'stop', 'restart']);

const installFlags: Record<PackageManager, Record<string, string | null>> = {
  yarn: {
    '--save': null,
    '-S': null,
    '--save-dev': '--dev',
    '-D': '--dev',
    '--save-exact': '--exact',
    '-E': '--exact',
    '--save-optional': '--optional',
    '-O': '--optional',
    '--save-peer': '--peer',
  },
  pnpm: {
    '--save': null,
    '-S': null,
    '-D': '--save-dev',
    '-E': '--save-exact',
    '-O': '--save-optional',
    '--save-peer': '--save-peer',
  },
};

/** Converts one shell command that starts with `npm` or `npx`; anything else comes back unchanged. */
export function convertNpmCommand(command: string, to: PackageManager): string {
  const leading = /^\s*/.exec(command)![0];
  const words = command.trim().split(/\s+/);
  const [tool, sub, ...rest] = words;
  if (tool === 'npx') return `${leading}${to} dlx ${words.slice(1).join(' ')}`.trimEnd();
  if (tool !== 'npm' || sub === undefined) return command;
  return `${leading}${[to, ...convertSubcommand(sub, rest, to)].join(' ')}`;
}

function convertSubcommand(sub: string, args: string[], to: PackageManager): string[] {
  if (installAliases.has(sub)) return convertInstall(args, to);
  if (sub === 'ci') return ['install', '--frozen-lockfile', ...args];
  if (uninstallAliases.has(sub)) return withGlobal('remove', args, to);
  if (updateAliases.has(sub)) return [to === 'yarn' ? 'upgrade' : 'update', ...args];
  if (sub === 'run' || sub === 'run-script') {
    const [script, ...scriptArgs] = args;
    const passThrough = withoutSeparator(scriptArgs);
    return to === 'yarn' ? [script ?? 'run', ...passThrough] : ['run', ...(script ? [script] : []), ...passThrough];
  }
  if (lifecycleScripts.has(sub)) return [sub === 't' ? 'test' : sub, ...withoutSeparator(args)];
  if (sub === 'init' || sub === 'create') {
    const [initializer, ...initArgs] = args;
    if (!initializer || initializer.startsWith('-')) return ['init', ...args];
    return ['create', initializer, ...withoutSeparator(initArgs)];
  }
  if (sub === 'exec') return ['exec', ...withoutSeparator(args)];
  return [sub, ...args];
}

function convertInstall(args: string[], to: PackageManager): string[] {
  if (!args.some((arg) => !arg.startsWith('-'))) return ['install', ...args.flatMap((flag) => mapFlag(flag, to))];
  return withGlobal(
    'add',
    args.flatMap((arg) => (arg.startsWith('-') ? mapFlag(arg, to) : [arg])),
    to,
  );
}

function mapFlag(flag: string, to: PackageManager): string[] {
  const mapped = installFlags[to][flag];
  return mapped === null ? [] : [mapped ?? flag];
}

/** `-g` is `yarn global add|remove` but `pnpm add|remove --global`. */
function withGlobal(verb: string, args: string[], to: PackageManager): string[] {
  const rest = args.filter((arg) => arg !== '-g' && arg !== '--global');
  if (rest.length === args.length) return [verb, ...args];
  return to === 'yarn' ? ['global', verb, ...rest] : [verb, '--global', ...rest];
}

/** npm needs `--` before a script's own arguments; Yarn and pnpm pass them on without it. */
function withoutSeparator(args: string[]): string[] {
  const index = args.indexOf('--');
  return index === -1 ? args : [...args.slice(0, index), ...args.slice(index + 1)];
}

/** Converts every npm/npx command of a block, also those chained with `&&`. */
export function convertNpmScript(code: string, to: PackageManager): string {
  return code
    .split('\n')
    .map((line) =>
      line
        .split('&&')
        .map((part) => {
          const converted = convertNpmCommand(part.trimEnd(), to);
          return converted === part.trimEnd() ? part : `${converted}${/\s*$/.exec(part)![0]}`;
        })
        .join('&&'),
    )
    .join('\n');
}

const tabs: { value: string; label: string; manager?: PackageManager }[] = [
  { value: 'npm', label: 'npm' },
  { value: 'yarn', label: 'Yarn', manager: 'yarn' },
  { value: 'pnpm', label: 'pnpm', manager: 'pnpm' },
];

function attribute(name: string, value: string) {
  return { type: 'mdxJsxAttribute', name, value };
}

/** Replaces each code block whose meta has `npm2yarn` with npm / Yarn / pnpm tabs. */
export function remarkNpm2Yarn() {
  return (tree: Root) => {
    walkTree(tree, (found, index, parent) => {
      const node = found as Code;
      if (
        node.type !== 'code' ||
        !parent ||
        index === undefined ||
        !node.meta ||
        !/(^|\s)npm2yarn(\s|$)/.test(node.meta)
      )
        return;
      const meta = node.meta.replace(/(^|\s)npm2yarn(?=\s|$)/, ' ').trim() || null;
      const items = tabs.map(({ value, label, manager }) => ({
        type: 'mdxJsxFlowElement',
        name: 'TabItem',
        attributes: [attribute('value', value), attribute('label', label)],
        children: [{ ...node, meta, value: manager ? convertNpmScript(node.value, manager) : node.value }],
      }));
      parent.children[index] = {
        type: 'mdxJsxFlowElement',
        name: 'Tabs',
        // Docusaurus syncs every npm2yarn block on a page through this group.
        attributes: [attribute('groupId', 'npm2yarn')],
        children: items,
        position: node.position,
      } as never;
    });
  };
}
