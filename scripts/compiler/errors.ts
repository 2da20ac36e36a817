// Build errors are values with context: the file, the line and what to do about it.

export class BuildError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
    readonly fix: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${problem}\n  fix: ${fix}`);
    this.name = 'BuildError';
  }
}

/** Several problems found in one pass, reported together so an author fixes them in one go. */
export class BuildErrors extends Error {
  constructor(readonly errors: BuildError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'BuildErrors';
  }
}

export interface Diagnostics {
  errors: BuildError[];
  warnings: BuildError[];
}

export function newDiagnostics(): Diagnostics {
  return { errors: [], warnings: [] };
}

/** Route a problem to errors or warnings according to a Docusaurus-style policy. */
export function report(diagnostics: Diagnostics, policy: 'throw' | 'warn' | 'ignore', error: BuildError): void {
  if (policy === 'throw') diagnostics.errors.push(error);
  else if (policy === 'warn') diagnostics.warnings.push(error);
}

export function throwIfErrors(diagnostics: Diagnostics): void {
  if (diagnostics.errors.length > 0) throw new BuildErrors(diagnostics.errors);
}

/** What an author sees when a build fails (file, line, fix); undefined for errors that are bugs. */
export function buildFailureMessage(error: unknown): string | undefined {
  return error instanceof BuildError || error instanceof BuildErrors ? `build failed:\n${error.message}` : undefined;
}
