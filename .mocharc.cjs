// Every suite runs against real servers started once in test/support/global.ts.
// The spec glob is given by `npm test` so that `npx mocha test/some.test.ts` runs just that file.
module.exports = {
  import: 'tsx',
  require: ['test/support/global.ts'],
  reporter: 'test/support/reporter.cjs',
  timeout: 60000,
  exit: true,
};
