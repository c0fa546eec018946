/**
 * The tag recommender's model: one-vs-rest multinomial naive Bayes over the features of tagged
 * objects. Pure (no I/O): the worker adds and takes back examples as tags are assigned and removed,
 * the API scores objects with the counts it loaded. Counts are additive, so learning one assignment
 * is adding its feature counts; nothing is ever retrained from scratch.
 */

/** Feature name → count; names carry their kind (`cp:`, `w:`, `item:` …). */
export type Features = Record<string, number>;

/** The key under which a count table holds its number of examples (no feature is named ''). */
export const EXAMPLES = '';
/** The tag id under which the counts over distinct tagged objects are kept. */
export const ALL_OBJECTS = '';

/** Laplace smoothing of the feature likelihoods. */
const ALPHA = 0.5;
/**
 * Naive Bayes adds one log-likelihood ratio per feature as if features were independent (a
 * document's counterparty, lines and item codes are not), which overweights the evidence against
 * the prior; the summed evidence is divided by this temperature. On `npm run bench:tags` 2.5 ranks
 * best (top-3 0.995 against 0.960 untempered) at a calibration error within 0.005 of the best value
 * it prints; the error left is the share of wrongly labelled documents, which no confidence foresees.
 */
export const TEMPERATURE = 2.5;

const STOP_WORDS = new Set(
  'the and for with from per this that are was our you your des les une pour avec par sur der die das und von mit van het een voor'.split(
    ' ',
  ),
);

/** Lower-case word tokens of at least two letters; numbers alone (dates, invoice numbers) say nothing. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const token = match[0];
    if (token.length < 2 || /^\p{N}+$/u.test(token) || STOP_WORDS.has(token)) continue;
    out.push(token);
  }
  return out;
}

function add(features: Features, name: string, count = 1): void {
  features[name] = (features[name] ?? 0) + count;
}

/** Words of free text (line descriptions, the recommendation's `context`). */
export function addText(features: Features, text: string | null | undefined, prefix = 'w:'): Features {
  if (text) for (const token of tokens(text)) add(features, `${prefix}${token}`);
  return features;
}

export interface DocumentFacts {
  type: string;
  direction: string;
  /** The other party: the sender of an incoming document, the receiver of an outgoing one. */
  counterparty: string | null;
  currency: string | null;
  grossAmount: string | number | null;
  lines: Array<{ description?: unknown; itemCode?: unknown; name?: unknown }>;
  note?: string | null | undefined;
}

/** The amount's order of magnitude in half decades: 100–316, 316–1,000, 1,000–3,162 … */
export function amountBand(amount: string | number | null): string | undefined {
  const value = Number(amount);
  if (amount === null || !Number.isFinite(value) || value <= 0) return undefined;
  return String(Math.floor(2 * Math.log10(value)));
}

/** What the recommender knows of a document (part 4.14): who, what kind, what was bought, how much. */
export function documentFeatures(doc: DocumentFacts): Features {
  const features: Features = {};
  // The counterparty decides most of an organization's categories: it weighs like several words.
  if (doc.counterparty) add(features, `cp:${doc.counterparty.toLowerCase()}`, 3);
  add(features, `type:${doc.type}`);
  add(features, `dir:${doc.direction}`);
  if (doc.currency) add(features, `cur:${doc.currency}`);
  const band = amountBand(doc.grossAmount);
  if (band !== undefined) add(features, `amt:${band}`);
  for (const line of doc.lines.slice(0, 200)) {
    if (typeof line.description === 'string') addText(features, line.description);
    if (typeof line.name === 'string') addText(features, line.name);
    if (typeof line.itemCode === 'string' && line.itemCode.trim())
      add(features, `item:${line.itemCode.trim().toLowerCase()}`);
  }
  addText(features, doc.note);
  return features;
}

export interface PartyFacts {
  kind: 'partner' | 'company';
  id: string;
  name: string;
  country: string | null;
  role?: string | null;
  naceCodes?: string[];
}

/** What the recommender knows of a partner or a company. */
export function partyFeatures(party: PartyFacts): Features {
  const features: Features = { [`kind:${party.kind}`]: 1 };
  add(features, `cp:${party.id.toLowerCase()}`, 3);
  addText(features, party.name);
  if (party.country) add(features, `country:${party.country}`);
  if (party.role) add(features, `role:${party.role}`);
  for (const code of party.naceCodes ?? []) add(features, `nace:${code}`);
  return features;
}

/** Sums of counts: a tag's (or every object's) examples and feature totals. */
export interface CountTable {
  examples: number;
  total: number;
  counts: Map<string, number>;
}

export interface TagModel {
  /** Counts over every distinct tagged object. */
  all: CountTable;
  tags: Map<string, CountTable>;
  /** Distinct features seen. */
  vocabulary: number;
}

/** A model from the rows of its count table (`tag`, `feature`, `count`; feature '' = examples). */
export function buildModel(rows: Iterable<{ tag_id: string; feature: string; count: number }>): TagModel {
  const tables = new Map<string, CountTable>();
  for (const row of rows) {
    let table = tables.get(row.tag_id);
    if (!table) tables.set(row.tag_id, (table = { examples: 0, total: 0, counts: new Map() }));
    if (row.feature === EXAMPLES) table.examples = row.count;
    else {
      table.counts.set(row.feature, row.count);
      table.total += row.count;
    }
  }
  const all = tables.get(ALL_OBJECTS) ?? { examples: 0, total: 0, counts: new Map() };
  tables.delete(ALL_OBJECTS);
  return { all, tags: tables, vocabulary: all.counts.size };
}

function sigmoid(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/**
 * P(the object carries `tagId` | its features): the tag against its complement (the tagged objects
 * without it), both smoothed, the evidence tempered, the prior from how often the tag was given.
 * Features never seen in training are left out (they would only favour the rarer side).
 */
export function tagProbability(model: TagModel, tagId: string, features: Features, temperature = TEMPERATURE): number {
  const tag = model.tags.get(tagId);
  const n = model.all.examples;
  if (!tag || n === 0 || tag.examples <= 0) return 0;
  const notExamples = Math.max(0, n - tag.examples);
  const notTotal = Math.max(0, model.all.total - tag.total);
  const v = Math.max(1, model.vocabulary);
  let evidence = 0;
  for (const [feature, x] of Object.entries(features)) {
    const seen = model.all.counts.get(feature) ?? 0;
    if (seen <= 0 || x <= 0) continue;
    const inTag = tag.counts.get(feature) ?? 0;
    const outside = Math.max(0, seen - inTag);
    evidence +=
      x * (Math.log((inTag + ALPHA) / (tag.total + ALPHA * v)) - Math.log((outside + ALPHA) / (notTotal + ALPHA * v)));
  }
  const prior = Math.log((tag.examples + 1) / (notExamples + 1));
  return sigmoid(prior + evidence / temperature);
}

export interface CandidateTag {
  id: string;
  name: string;
  groupId: string | null;
  exclusive: boolean;
}

export interface Suggestion {
  tagId: string;
  name: string;
  groupId: string | null;
  confidence: number;
}

/**
 * Ranked suggestions for an object: nothing it already carries, at most one tag of an exclusive
 * group and none of a group it already has a tag of. Within an exclusive group the tags' chances
 * add up to at most 1 (they exclude each other), so they are normalised when they exceed it.
 */
export function recommend(
  model: TagModel,
  features: Features,
  candidates: CandidateTag[],
  assigned: ReadonlySet<string>,
  options: { limit: number; minConfidence: number },
): Suggestion[] {
  if (model.all.examples === 0) return [];
  const takenGroups = new Set(
    candidates.filter((c) => c.exclusive && c.groupId && assigned.has(c.id)).map((c) => c.groupId!),
  );
  const scored = candidates
    .filter((c) => !assigned.has(c.id) && !(c.groupId && takenGroups.has(c.groupId)))
    .map((c) => ({ tag: c, p: tagProbability(model, c.id, features) }));
  const groupSums = new Map<string, number>();
  for (const { tag, p } of scored)
    if (tag.exclusive && tag.groupId) groupSums.set(tag.groupId, (groupSums.get(tag.groupId) ?? 0) + p);
  const best = new Map<string, { tag: CandidateTag; p: number }>();
  const out: Suggestion[] = [];
  for (const entry of scored) {
    const { tag } = entry;
    if (!(tag.exclusive && tag.groupId)) {
      out.push({ tagId: tag.id, name: tag.name, groupId: tag.groupId, confidence: entry.p });
      continue;
    }
    const current = best.get(tag.groupId);
    if (!current || entry.p > current.p) best.set(tag.groupId, entry);
  }
  for (const [groupId, { tag, p }] of best) {
    const sum = groupSums.get(groupId) ?? 0;
    out.push({ tagId: tag.id, name: tag.name, groupId, confidence: sum > 1 ? p / sum : p });
  }
  return out
    .map((s) => ({ ...s, confidence: Math.round(s.confidence * 10_000) / 10_000 }))
    .filter((s) => s.confidence > 0 && s.confidence >= options.minConfidence)
    .sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name))
    .slice(0, options.limit);
}

/** Adds (sign 1) or takes back (sign -1) one example's features into per-tag count deltas. */
export function accumulate(deltas: Map<string, Map<string, number>>, tagId: string, features: Features, sign: 1 | -1) {
  let table = deltas.get(tagId);
  if (!table) deltas.set(tagId, (table = new Map()));
  table.set(EXAMPLES, (table.get(EXAMPLES) ?? 0) + sign);
  for (const [feature, count] of Object.entries(features)) table.set(feature, (table.get(feature) ?? 0) + sign * count);
}
