import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { XsdValidator } from 'libxml2-wasm';
import type { ValidationIssue } from '../types.ts';
import type * as Libxml2Module from 'libxml2-wasm';

/**
 * The schema step of the official validation: a business document must be valid against its
 * OASIS UBL 2.1 or UN/CEFACT CII D16B schema before any rule is worth reading (a receiving access
 * point refuses it otherwise). libxml2 (compiled to WebAssembly) compiles each schema once, at its
 * first use, from the copies in peppol/schemas; validating a document then takes about a
 * millisecond. The WebAssembly module starts asynchronously, so this step is async and loaded
 * only when first needed.
 */
const SCHEMA_DIR = fileURLToPath(new URL('../schemas/', import.meta.url));

/** The schema of each root element, relative to SCHEMA_DIR. */
const SCHEMA_OF: Record<string, string> = {
  Invoice: 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd',
  CreditNote: 'ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd',
  Order: 'ubl-2.1/maindoc/UBL-Order-2.1.xsd',
  OrderResponse: 'ubl-2.1/maindoc/UBL-OrderResponse-2.1.xsd',
  ApplicationResponse: 'ubl-2.1/maindoc/UBL-ApplicationResponse-2.1.xsd',
  CrossIndustryInvoice: 'cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
};

/** At most this many schema findings are reported: the first ones say what is wrong. */
const MAX_FINDINGS = 20;

function schemaFiles(dir: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(files, schemaFiles(full));
    else if (name.endsWith('.xsd')) files[full] = readFileSync(full);
  }
  return files;
}

type Libxml2 = typeof Libxml2Module;
let libxml2: Promise<Libxml2> | undefined;
const validators = new Map<string, XsdValidator>();

/**
 * libxml2 reads the schemas' includes and imports through one provider only: it serves the schema
 * files from memory, so nothing a document says can make the parser open a file.
 */
function loadLibxml2(): Promise<Libxml2> {
  libxml2 ??= import('libxml2-wasm').then((lib) => {
    lib.xmlRegisterInputProvider(new lib.XmlBufferInputProvider(schemaFiles(SCHEMA_DIR)));
    return lib;
  });
  return libxml2;
}

function validatorFor(lib: Libxml2, schema: string): XsdValidator {
  let validator = validators.get(schema);
  if (validator) return validator;
  const file = path.join(SCHEMA_DIR, schema);
  validator = lib.XsdValidator.fromDoc(lib.XmlDocument.fromBuffer(readFileSync(file), { url: file }));
  validators.set(schema, validator);
  return validator;
}

/**
 * XML-SCHEMA findings of a document against the schema of its root element; none for a root
 * without one here (a Quotation, say). The document must have passed the safe parser already
 * (no DTD, size limits): this step only validates structure and data types.
 */
export async function checkSchema(xml: string, rootName: string): Promise<ValidationIssue[]> {
  const schema = SCHEMA_OF[rootName];
  if (!schema) return [];
  const lib = await loadLibxml2();
  const validator = validatorFor(lib, schema);
  const doc = lib.XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    if (!(err instanceof lib.XmlValidateError)) throw err;
    return err.details.slice(0, MAX_FINDINGS).map((d) => ({
      rule: 'XML-SCHEMA',
      message: `${d.message.trim()} (line ${d.line})`,
      path: `/${rootName}`,
    }));
  } finally {
    doc.dispose();
  }
}
