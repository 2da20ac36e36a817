// The postings decoder as a WebAssembly module: the same loop as `decodePostings`
// (client/contract/postings.ts), compiled ahead of time. A cold isolate runs that loop in V8's
// interpreter, slowly, and a common word's list is tens of thousands of
// characters; here it runs as machine code from its first call. Workers may not compile
// WebAssembly at run time, so the module is a file the worker imports
// (worker/services/search/postings.wasm), written by `npm run build:wasm` from this assembly and
// checked against it by tests/unit/worker/services/search/postings-decoder.test.ts.
//
// Memory: bytes 0–127 map a character code to its digit (64: not a posting character); the
// text's bytes from 128; ids (u32) from the next multiple of 4; then a meta byte a posting.
// `decode(length, previous)` returns how many postings it wrote, -1 when the text ends inside a
// posting, or -2 - i when character i is not a posting character.

import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { postingAlphabet } from '../../../client/contract/postings.ts';

export const postingsWasmPath = fileURLToPath(
  new URL('../../../worker/services/search/postings.wasm', import.meta.url),
);

/** Where the text starts in memory. */
export const textOffset = 128;

const notADigit = 64;

// Opcodes and types of the WebAssembly binary format (core specification, section 5).
const op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  return: 0x0f,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load8U: 0x2d,
  i64Store8: 0x3c,
  i64Store32: 0x3e,
  i32Const: 0x41,
  i64Const: 0x42,
  i64Eqz: 0x50,
  i32GtU: 0x4b,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32And: 0x71,
  i32Shl: 0x74,
  i64Add: 0x7c,
  i64Or: 0x84,
  i64Shl: 0x86,
  i64ShrU: 0x88,
  i64ExtendI32U: 0xad,
} as const;
const i32 = 0x7f;
const i64 = 0x7e;
const empty = 0x40;

function unsigned(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    out.push(rest ? byte | 0x80 : byte);
  } while (rest);
  return out;
}

function signed(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const name = (text: string) => [...unsigned(text.length), ...new TextEncoder().encode(text)];
const section = (id: number, body: number[]) => [id, ...unsigned(body.length), ...body];
const vector = (items: number[][]) => [...unsigned(items.length), ...items.flat()];

// Locals: 0 length, 1 previous (u32 in an i32), then:
const [i, n, char, digit, idsAt, metasAt] = [2, 3, 4, 5, 6, 7];
const [value, shift, last] = [8, 9, 10];
const get = (local: number) => [op.localGet, local];
const set = (local: number) => [op.localSet, local];
const i32c = (constant: number) => [op.i32Const, ...signed(constant)];
const i64c = (constant: number) => [op.i64Const, ...signed(constant)];
/** Returns -2 - i (character i is not a posting character). */
const refuse = [...i32c(-2), ...get(i), op.i32Sub, op.return];

const body = [
  // Locals: six i32, three i64.
  ...vector([
    [6, i32],
    [3, i64],
  ]),
  // idsAt = (length + 128 + 3) & ~3; metasAt = idsAt + 4 × length; last = previous, unsigned.
  ...get(0),
  ...i32c(textOffset + 3),
  op.i32Add,
  ...i32c(-4),
  op.i32And,
  ...set(idsAt),
  ...get(idsAt),
  ...get(0),
  ...i32c(2),
  op.i32Shl,
  op.i32Add,
  ...set(metasAt),
  ...get(1),
  op.i64ExtendI32U,
  ...set(last),
  op.block,
  empty,
  op.loop,
  empty,
  // while (i < length)
  ...get(i),
  ...get(0),
  op.i32GeU,
  op.brIf,
  1,
  // char = text[i]; a byte beyond ASCII is refused
  ...get(i),
  op.i32Load8U,
  0,
  ...unsigned(textOffset),
  op.localTee,
  char,
  ...i32c(127),
  op.i32GtU,
  op.if,
  empty,
  ...refuse,
  op.end,
  // digit = table[char]; not a digit is refused
  ...get(char),
  op.i32Load8U,
  0,
  0,
  op.localTee,
  digit,
  ...i32c(notADigit - 1),
  op.i32GtU,
  op.if,
  empty,
  ...refuse,
  op.end,
  ...get(i),
  ...i32c(1),
  op.i32Add,
  ...set(i),
  // A digit of 32 or more: five more bits follow.
  ...get(digit),
  ...i32c(31),
  op.i32GtU,
  op.if,
  empty,
  ...get(value),
  ...get(digit),
  ...i32c(32),
  op.i32Sub,
  op.i64ExtendI32U,
  ...get(shift),
  op.i64Shl,
  op.i64Or,
  ...set(value),
  ...get(shift),
  ...i64c(5),
  op.i64Add,
  ...set(shift),
  op.br,
  1,
  op.end,
  // The last digit: value = (id − previous id) × 256 + meta.
  ...get(value),
  ...get(digit),
  op.i64ExtendI32U,
  ...get(shift),
  op.i64Shl,
  op.i64Or,
  ...set(value),
  ...get(last),
  ...get(value),
  ...i64c(8),
  op.i64ShrU,
  op.i64Add,
  ...set(last),
  ...get(idsAt),
  ...get(n),
  ...i32c(2),
  op.i32Shl,
  op.i32Add,
  ...get(last),
  op.i64Store32,
  2,
  0,
  ...get(metasAt),
  ...get(n),
  op.i32Add,
  ...get(value),
  op.i64Store8,
  0,
  0,
  ...get(n),
  ...i32c(1),
  op.i32Add,
  ...set(n),
  ...i64c(0),
  ...set(value),
  ...i64c(0),
  ...set(shift),
  op.br,
  0,
  op.end,
  op.end,
  // The text ended inside a posting.
  ...get(shift),
  op.i64Eqz,
  op.if,
  empty,
  ...get(n),
  op.return,
  op.end,
  ...i32c(-1),
  op.end,
];

const table = Array.from({ length: 128 }, (_, code) => {
  const at = postingAlphabet.indexOf(String.fromCharCode(code));
  return at === -1 ? notADigit : at;
});

/** The module's bytes. */
export function postingsWasm(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    // Types: (i32, i32) -> i32.
    ...section(1, vector([[0x60, ...vector([[i32], [i32]]), ...vector([[i32]])]])),
    // Functions: one, of type 0.
    ...section(3, vector([[0]])),
    // Memory: one, at least a page.
    ...section(5, vector([[0x00, 1]])),
    // Exports: decode, memory.
    ...section(
      7,
      vector([
        [...name('decode'), 0x00, 0],
        [...name('memory'), 0x02, 0],
      ]),
    ),
    // Code.
    ...section(10, vector([[...unsigned(body.length), ...body]])),
    // Data: the digit table at 0.
    ...section(11, vector([[0x00, ...i32c(0), op.end, ...vector(table.map((digit) => [digit]))]])),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(postingsWasmPath, postingsWasm());
  console.log(`wrote ${postingsWasmPath}`);
}
