// A build that must fail, and what it told the author: one way for every test that expects a site
// (or one step of its build) to be refused, so each checks the same thing: that the build threw
// build errors and nothing else, and what those errors say.

import { expect } from 'vitest';
import { BuildError, BuildErrors } from '../../../scripts/compiler/errors.ts';
import { buildSite, expectBuildError, type ExpectedError } from './sites.ts';

export interface BuildFailure {
  /** What the build threw: every error at once, or a single one. */
  thrown: BuildErrors | BuildError;
  /** Every error the build reported, in order. */
  errors: BuildError[];
  /** The whole message of every error, in order: what an author reads. */
  messages: string[];
  /**
   * The one error the build reported (the test fails when it reported several). Given `expected`,
   * also checks that the author can act on it: its message names the file and line, says what is
   * wrong and what to do.
   */
  onlyError(expected?: ExpectedError): BuildError;
}

/**
 * Builds a site folder with the real pipeline, or awaits one step of a build, that must fail, and
 * returns what it reported. Fails the test when the build succeeds or throws anything but build errors.
 */
export async function expectBuildFailure(build: string | Promise<unknown>): Promise<BuildFailure> {
  let failure: unknown;
  try {
    await (typeof build === 'string' ? buildSite(build) : build);
  } catch (error) {
    failure = error;
  }
  expect(failure, 'the build should have failed').toBeDefined();
  if (!(failure instanceof BuildErrors || failure instanceof BuildError)) throw failure;
  const errors = failure instanceof BuildErrors ? failure.errors : [failure];
  const messages = errors.map((error) => error.message);
  return {
    thrown: failure,
    errors,
    messages,
    onlyError(expected) {
      expect(messages).toHaveLength(1);
      const error = errors[0]!;
      if (expected) expectBuildError(error, expected);
      return error;
    },
  };
}
