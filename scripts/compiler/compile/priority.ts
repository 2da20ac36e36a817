// Pages asked for while the site compiles (`npm start` serves before its first build is done): a
// docs page asked for is compiled in a batch of its own ahead of the queue, whichever version it is
// of (a version whose turn has not come compiles it on the build's own thread), and a generated
// category or listing page is stored at once, so a reader waits for one page, not for the site.
// The order pages compile in changes nothing they store.

export class CompilePriority {
  /** Routes asked for and not yet handed to a compiler, in the order asked. */
  private readonly asked = new Set<string>();
  private held = false;
  private readonly waiting = new Set<() => void>();

  /** Compiles the page at `route` next, when it is a docs or sidebar page not yet under way. */
  ask(route: string): void {
    this.asked.add(route);
    this.wake();
  }

  /**
   * Holding, compilers take only pages asked for (tests hold the background build to see a page
   * served before it ends); released, they go on with the queue.
   */
  hold(held: boolean): void {
    this.held = held;
    this.wake();
  }

  get isHeld(): boolean {
    return this.held;
  }

  /** The asked routes among `indexOf` (route → place in the docs compiling now) that `sent` lacks; off the list. */
  take(indexOf: ReadonlyMap<string, number>, sent: Uint8Array): number[] {
    const found: number[] = [];
    for (const route of this.asked) {
      const index = indexOf.get(route);
      if (index === undefined) continue;
      this.asked.delete(route);
      if (!sent[index]) found.push(index);
    }
    return found;
  }

  /** Resolves at the next `ask` or `hold`. */
  changed(): Promise<void> {
    return new Promise((resolve) => this.waiting.add(resolve));
  }

  private wake(): void {
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const resolve of waiting) resolve();
  }
}

/**
 * A step's turn (the step before it done) as a step that serves asked-for pages early waits for it:
 * whether it came, and a wait for whichever comes first, the turn or the next ask or hold.
 */
export class Turn {
  came = false;
  /** Settles with the turn; a failed turn fails it, for the step to throw where it awaits. */
  readonly done: Promise<void>;

  constructor(turn: Promise<void> = Promise.resolve()) {
    this.done = turn.then(() => void (this.came = true));
    this.done.catch(() => undefined);
  }

  /** Resolves at the turn or at `priority`'s next ask or hold. */
  next(priority: CompilePriority): Promise<void> {
    return Promise.race([priority.changed(), this.done]);
  }
}
