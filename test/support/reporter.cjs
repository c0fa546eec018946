// Mocha's spec output, closed by the plain `N passed, N failed` line that CI reads.
const Mocha = require('mocha');
const { Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      const tail = pending ? `, ${pending} skipped` : '';
      process.stdout.write(`\n${passes} passed, ${failures} failed${tail}\n`);
    });
  }
}

module.exports = SummaryReporter;
