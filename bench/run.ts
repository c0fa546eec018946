// `npm run bench`: every benchmark in turn; each prints its own figures.
const suites = [
  './peppol.ts',
  './validation.ts',
  './directory.ts',
  './documents.ts',
  './large-documents.ts',
  './webhooks.ts',
  './tags.ts',
];
for (const suite of suites) {
  console.log(`\n== ${suite}`);
  await import(suite);
}
