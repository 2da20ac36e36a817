// One step of a bench size (build, deploy, search…): a step that fails is recorded with its reason
// and the bench goes on with the next size, so one failure costs one row, never the whole run.

/** A runner of named steps whose failures land in `errors`; `onStart` hears each step's name. */
export function benchSteps(errors: string[], onStart?: (name: string) => void) {
  return async (name: string, run: () => Promise<void>): Promise<boolean> => {
    onStart?.(name);
    try {
      await run();
      return true;
    } catch (error) {
      const message = `${name}: ${error instanceof Error ? error.message : String(error)}`;
      console.log(`  failed ${message.split('\n')[0]!.slice(0, 160)}`);
      errors.push(message.slice(0, 2000));
      return false;
    }
  };
}
