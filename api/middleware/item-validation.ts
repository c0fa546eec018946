import type { ValidateFunction } from 'ajv';
import { createRequestAjv } from 'express-openapi-validator/dist/framework/ajv/index.js';
import { ajvErrorsToValidatorError, augmentAjvErrors } from 'express-openapi-validator/dist/middlewares/util.js';
import type { ApiError } from '../errors.ts';
import { FORMATS } from '../formats.ts';
import type { OpenApiDocument } from '../openapi.ts';
import { toValidationError } from './validation-errors.ts';

/** The error object of one failed batch item: the envelope of part 7.1 without the request id. */
export interface ItemError {
  type: string;
  code: string;
  message: string;
  details?: unknown[];
  docUrl: string;
  [extra: string]: unknown;
}

/**
 * Validates the items of a batch one by one against a component schema of the contract, with the
 * validator the request pipeline uses (same ajv build, formats and error mapping), so an item fails
 * with exactly the 400 a single request with that body would get, and only that item fails.
 */
export class BatchItems {
  private readonly ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly docsUrl: string,
  ) {
    const spec = structuredClone(doc) as any;
    // The request pipeline's options: every problem reported, defaults applied, formats of api/formats.ts.
    this.ajv = createRequestAjv(spec, {
      allErrors: true,
      strict: false,
      strictNumbers: true,
      strictTuples: true,
      allowUnionTypes: false,
      validateSchema: false,
      coerceTypes: false,
      useDefaults: true,
      removeAdditional: false,
      validateFormats: true,
      formats: FORMATS,
      ajvFormats: { mode: 'fast' },
    } as any);
  }

  /** The 400 the item earns, or undefined when it matches `#/components/schemas/<schema>`. */
  check(schema: string, item: unknown): ApiError | undefined {
    const validate = this.validator(schema);
    if (validate(item)) return undefined;
    return toValidationError(ajvErrorsToValidatorError(400, augmentAjvErrors([...(validate.errors ?? [])])).errors);
  }

  /** The error object of a failed item, in the shape and with the catalog type of the envelope. */
  error(err: ApiError): ItemError {
    return {
      type: err.type,
      code: err.code,
      message: err.message,
      ...(err.details?.length ? { details: err.details } : {}),
      ...(err.extra ?? {}),
      docUrl: `${this.docsUrl}/errors#${err.code}`,
    };
  }

  private validator(schema: string): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      const components = (this.doc as { components?: { schemas?: Record<string, unknown> } }).components;
      if (!components?.schemas?.[schema]) throw new Error(`The contract has no schema ${schema}.`);
      validate = this.ajv.compile({ components: structuredClone(components), $ref: `#/components/schemas/${schema}` });
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}
