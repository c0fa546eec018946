import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { createEventDispatcher, type EventDispatcher } from '../../core/event-dispatcher.ts';
import type { Db } from '../../db/database.ts';
import { findDocument, findDocumentForUpdate, updateDocumentFields, type DocumentRow } from '../../db/documents.ts';
import { insertEvent } from '../../db/events.ts';
import type { DocumentChanges } from '../../db/schema.ts';
import type { Principal } from '../context.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import { toDocument } from './mapper.ts';
import { createTagLearning, type TagLearning } from '../../core/tag-learning.ts';
import { applyObjectTags } from '../tags/objects.ts';
import { resolveTagRef, withTag } from '../tags/service.ts';

export type DocumentAction =
  'mark-read' | 'mark-unread' | 'archive' | 'unarchive' | 'tag' | 'untag' | 'assign' | 'unassign' | 'add-note' | 'link';

export interface ActionInput {
  action: DocumentAction;
  tag?: string | undefined;
  userId?: string | undefined;
  note?: string | undefined;
  relatedDocumentId?: string | undefined;
}

const REQUIRED: Partial<Record<DocumentAction, keyof ActionInput>> = {
  tag: 'tag',
  untag: 'tag',
  assign: 'userId',
  unassign: 'userId',
  'add-note': 'note',
  link: 'relatedDocumentId',
};

/** Kept bounded so one document's row (and its events) cannot grow without limit. */
const MAX_NOTES = 500;
const MAX_LINKS = 200;

type Change = { from: unknown; to: unknown };

function notFound(id: string): ApiError {
  return new ApiError('DOCUMENT_NOT_FOUND', `No document ${id} in this organization.`);
}

function tooMany(field: string, max: number): ApiError {
  return new ApiError('INVALID_REQUEST', `A document holds at most ${max} ${field}.`, {
    details: [{ field, rule: 'max', message: `at most ${max}` }],
  });
}

/** The column update and the API-level diff one action makes on the current row (none when it changes nothing). */
async function plan(
  trx: Db,
  principal: Principal,
  scope: Scope,
  row: DocumentRow,
  input: ActionInput,
  now: Date,
): Promise<{ set: DocumentChanges; changes: Record<string, Change> }> {
  const set: DocumentChanges = {};
  const changes: Record<string, Change> = {};
  switch (input.action) {
    case 'mark-read':
    case 'mark-unread': {
      const read = input.action === 'mark-read';
      if ((row.read_at !== null) !== read) {
        set.read_at = read ? now : null;
        changes.read = { from: !read, to: read };
      }
      break;
    }
    case 'archive':
    case 'unarchive': {
      const archived = input.action === 'archive';
      if ((row.archived_at !== null) !== archived) {
        set.archived_at = archived ? now : null;
        changes.archived = { from: !archived, to: archived };
      }
      break;
    }
    case 'tag':
    case 'untag': {
      // The organization's tags, by id or name: tagging with an unknown name creates an ungrouped tag.
      const tag = await resolveTagRef(trx, scope, input.tag!, { create: input.action === 'tag', field: 'tag' });
      if (!tag) break;
      const change = await applyObjectTags(
        trx,
        scope,
        { type: 'document', id: row.id },
        (current) => (input.action === 'tag' ? withTag(current, tag) : current.filter((t) => t.id !== tag.id)),
        'tag',
      );
      if (change.changed) changes.tags = { from: change.from, to: change.to };
      break;
    }
    case 'assign':
      if (row.assigned_user_id !== input.userId) {
        set.assigned_user_id = input.userId!;
        changes.assignedUserId = { from: row.assigned_user_id, to: input.userId };
      }
      break;
    case 'unassign':
      // Unassigning someone who is not the assignee leaves the current assignment alone.
      if (row.assigned_user_id !== null && row.assigned_user_id === input.userId) {
        set.assigned_user_id = null;
        changes.assignedUserId = { from: row.assigned_user_id, to: null };
      }
      break;
    case 'add-note': {
      if (row.notes.length >= MAX_NOTES) throw tooMany('notes', MAX_NOTES);
      const notes = [
        ...row.notes,
        { note: input.note!, at: now.toISOString(), by: principal.userId ?? principal.apiKeyId ?? null },
      ];
      set.notes = JSON.stringify(notes);
      changes.notes = { from: row.notes, to: notes };
      break;
    }
    case 'link': {
      const related = input.relatedDocumentId!;
      if (related === row.id)
        throw new ApiError('INVALID_REQUEST', 'A document cannot be linked to itself.', {
          details: [{ field: 'relatedDocumentId', rule: 'distinct', message: 'must be another document' }],
        });
      if (!(await findDocument(trx, scope, related))) throw notFound(related);
      if (!row.linked_document_ids.includes(related)) {
        if (row.linked_document_ids.length >= MAX_LINKS) throw tooMany('linked documents', MAX_LINKS);
        set.linked_document_ids = [...row.linked_document_ids, related];
        changes.linkedDocumentIds = { from: row.linked_document_ids, to: set.linked_document_ids };
      }
      break;
    }
  }
  return { set, changes };
}

/**
 * Applies one action (part 4.6) under a row lock, writing `document.updated` with the field diff in
 * the same transaction; the event is dispatched after commit. An action that changes nothing
 * returns the document as it is, without an event, so retries are harmless.
 */
export async function applyDocumentAction(
  deps: { db: Db; events: EventDispatcher; learning: TagLearning },
  principal: Principal,
  scope: Scope,
  documentId: string,
  input: ActionInput,
): Promise<DocumentRow> {
  const field = REQUIRED[input.action];
  if (field && (input[field] === undefined || input[field] === '')) {
    throw new ApiError('MISSING_FIELD', `${field} is required for the action ${input.action}.`, {
      details: [{ field, rule: 'required', message: `required when action is ${input.action}` }],
    });
  }
  const { row, event } = await deps.db.transaction().execute(async (trx) => {
    const current = await findDocumentForUpdate(trx, scope, documentId);
    if (!current) throw notFound(documentId);
    const now = new Date();
    const { set, changes } = await plan(trx, principal, scope, current, input, now);
    if (Object.keys(changes).length === 0) return { row: current, event: undefined };
    const updated = await updateDocumentFields(trx, current.id, { ...set, updated_at: now });
    const event = await insertEvent(trx, {
      organizationId: updated.organization_id,
      livemode: updated.livemode,
      companyId: updated.company_id,
      type: 'document.updated',
      data: { documentId: updated.id, changes },
    });
    return { row: updated, event };
  });
  // The row and its event are committed; should this dispatch fail, the sweeper dispatches it later.
  if (event) await deps.events.dispatch([event]).catch(() => undefined);
  if (event && input.action.endsWith('tag'))
    await deps.learning
      .changed({ organizationId: scope.organizationId, livemode: scope.livemode })
      .catch(() => undefined);
  return row;
}

export function documentActionRoutes(
  db: Db,
  temporal: Client,
  events: EventDispatcher = createEventDispatcher(temporal, db),
  learning: TagLearning = createTagLearning(temporal),
): Router {
  const router = Router();
  router.post('/v1/documents/:document_id/actions', async (req, res) => {
    const row = await applyDocumentAction(
      { db, events, learning },
      principalOf(req),
      scopeOf(req),
      String(req.params.document_id),
      req.body as ActionInput,
    );
    res.json(toDocument(row));
  });
  return router;
}
