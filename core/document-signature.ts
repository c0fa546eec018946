/**
 * The signature of the XML download lives in the SDK, which has no dependencies (Web Crypto only):
 * the service signs with exactly the code its clients verify with.
 */
export * from '../clients/typescript/src/document-signature.ts';
