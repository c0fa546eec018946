import { createHash } from 'node:crypto';
import type { Db } from './database.ts';
import { newId } from '../core/ids.ts';

export async function insertFile(db: Db, file: { organizationId: string; livemode: boolean; content: Buffer; contentType: string; filename: string }) {
  return db
    .insertInto('files')
    .values({
      id: newId('file'),
      organization_id: file.organizationId,
      livemode: file.livemode,
      content: file.content,
      content_type: file.contentType,
      filename: file.filename,
      size: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
    })
    .returning(['id', 'content_type', 'filename', 'size', 'sha256'])
    .executeTakeFirstOrThrow();
}

export async function findFile(db: Db, organizationId: string, livemode: boolean, id: string) {
  return db.selectFrom('files').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('livemode', '=', livemode).executeTakeFirst();
}
