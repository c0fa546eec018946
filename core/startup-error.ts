/** A dependency that could not be started or reached at boot: printed as one clear message, then exit 1. */
export class StartupError extends Error {
  constructor(
    readonly dependency: string,
    readonly problem: string,
    readonly fix: string,
    cause?: unknown,
  ) {
    super(`${dependency}: ${problem}`, cause === undefined ? undefined : { cause });
    this.name = 'StartupError';
  }

  render(): string {
    return `\n  Cannot start: ${this.dependency} — ${this.problem}.\n  How to fix: ${this.fix}.\n`;
  }
}
