import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { BadRequestException, Injectable, Logger, NotFoundException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { pageOf, pageWindow, type PaginationQueryDto } from '../../common/pagination';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { recordStaffView } from '../admin/record-staff-view';
import { Assessment } from '../assessments/assessment.entity';
import { DocumentTask } from '../assessments/document-task.entity';
import { Claim } from '../claims/claim.entity';
import { User } from '../users/user.entity';
import { Document } from './document.entity';
import { safeDisplayName, sniffContentType } from './sniff-content-type';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACTIVITY_DOCUMENT_UPLOAD = 'document_upload';
export const ACTIVITY_DOCUMENT_DOWNLOAD = 'document_download';
export const ACTIVITY_DOCUMENT_DELETE = 'document_delete';
export const UNSUPPORTED_TYPE_DETAIL = 'Only PDF, PNG, JPEG, DOCX, XLSX, CSV and plain text files can be uploaded';

export interface UploadInput {
  filename: string;
  buffer: Buffer;
  claimId?: string;
  assessmentId?: string;
  taskId?: string;
}

export function toDocumentResponse(d: Document) {
  return {
    id: d.id,
    filename: d.filename,
    content_type: d.contentType,
    size: d.size,
    sha256: d.sha256,
    claim_id: d.claimId,
    assessment_id: d.assessmentId,
    uploaded_at: d.uploadedAt.toISOString(),
    owner_id: d.owner.id,
  };
}

export interface ListDocumentsQuery extends PaginationQueryDto {
  claim_id?: string;
  assessment_id?: string;
  user?: string;
}

@Injectable()
export class DocumentsService {
  private readonly logger = new Logger(DocumentsService.name);
  private readonly uploadDir: string;

  constructor(
    private readonly em: EntityManager,
    private readonly activity: ActivityLogService,
    config: AppConfig,
  ) {
    // Outside any web root: only the download route serves these bytes, as attachments.
    this.uploadDir = config.dataPath('uploads');
    mkdirSync(this.uploadDir, { recursive: true, mode: 0o700 });
  }

  pathOf(document: Document): string {
    return join(this.uploadDir, document.storageName);
  }

  async upload(user: User, input: UploadInput, request?: FastifyRequest) {
    if (input.buffer.length === 0) {
      throw new BadRequestException({ message: 'The file is empty', errors: [{ field: 'file', message: 'must not be empty' }] });
    }
    const displayName = safeDisplayName(input.filename);
    const sniffed = sniffContentType(input.buffer, displayName);
    if (!sniffed) throw new UnsupportedMediaTypeException(UNSUPPORTED_TYPE_DETAIL);

    // Whose document it is: the uploader's, or for staff attaching to a claim, the claim's client.
    let owner: User = user;
    let claim: Claim | null = null;
    if (input.claimId) {
      claim = await this.em.findOne(Claim, user.isStaff ? { id: input.claimId } : { id: input.claimId, user: user.id }, { populate: ['user'] });
      if (!claim) throw new BadRequestException({ message: 'claim_id is not one of your claims', errors: [{ field: 'claim_id', message: 'must be one of your claims' }] });
      owner = claim.user;
    }
    let assessmentId: string | null = null;
    if (input.assessmentId) {
      const assessment = await this.em.findOne(Assessment, { id: input.assessmentId, user: owner.id });
      if (!assessment) {
        throw new BadRequestException({ message: 'assessment_id is not one of your assessments', errors: [{ field: 'assessment_id', message: 'must be one of your assessments' }] });
      }
      assessmentId = assessment.id;
    }
    let task: DocumentTask | null = null;
    if (input.taskId) {
      task = await this.em.findOne(DocumentTask, { id: input.taskId, assessment: { user: owner.id } });
      if (!task) throw new BadRequestException({ message: 'task_id is not one of your document tasks', errors: [{ field: 'task_id', message: 'must be one of your document tasks' }] });
      assessmentId ??= task.assessment.id;
    }

    const document = new Document();
    document.owner = owner;
    document.uploadedBy = this.em.getReference(User, user.id);
    document.filename = displayName;
    document.storageName = randomUUID();
    document.contentType = sniffed.mime;
    document.size = input.buffer.length;
    document.sha256 = createHash('sha256').update(input.buffer).digest('hex');
    document.claimId = claim ? claim.id : null;
    document.assessmentId = assessmentId;
    if (task) {
      task.status = 'completed';
      task.uploadedDocumentId = document.id;
      task.completedAt = new Date();
    }

    const path = this.pathOf(document);
    await writeFile(path, input.buffer, { flag: 'wx', mode: 0o600 });
    try {
      this.em.persist(document);
      this.activity.persist(this.em, {
        user,
        action: ACTIVITY_DOCUMENT_UPLOAD,
        targetType: 'document',
        targetId: document.id,
        detail: { size: document.size, content_type: document.contentType, owner_id: owner.id },
        request: request ?? null,
      });
      await this.em.flush();
    } catch (err) {
      // Nothing half-done: no row means no file.
      await unlink(path).catch(() => undefined);
      throw err;
    }
    return toDocumentResponse(document);
  }

  async list(user: User, query: ListDocumentsQuery) {
    const where: FilterQuery<Document> = {};
    if (!user.isStaff) where.owner = user.id;
    else if (query.user) where.owner = query.user;
    if (query.claim_id) where.claimId = query.claim_id;
    if (query.assessment_id) where.assessmentId = query.assessment_id;
    const { limit, offset } = pageWindow(query);
    const [rows, count] = await this.em.findAndCount(Document, where, { limit, offset, orderBy: { uploadedAt: 'desc', id: 'asc' } });
    return pageOf(rows.map(toDocumentResponse), count, query);
  }

  private async findReadable(user: User, id: string): Promise<Document> {
    const where: FilterQuery<Document> = user.isStaff ? { id } : { id, owner: user.id };
    const document = await this.em.findOne(Document, where);
    if (!document) throw new NotFoundException('Document not found');
    return document;
  }

  async openForDownload(user: User, id: string, request?: FastifyRequest): Promise<{ document: Document; stream: ReadStream }> {
    const document = await this.findReadable(user, id);
    await recordStaffView({ activity: this.activity, viewer: user, ownerId: document.owner.id, targetType: 'document', targetId: document.id, request });
    const stream = createReadStream(this.pathOf(document));
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    }).catch((err: unknown) => {
      this.logger.error({ err, document: document.id }, 'stored file is missing');
      throw new NotFoundException('Document file not found');
    });
    await this.activity.record({
      user,
      action: ACTIVITY_DOCUMENT_DOWNLOAD,
      targetType: 'document',
      targetId: document.id,
      detail: { owner_id: document.owner.id },
      request: request ?? null,
    });
    return { document, stream };
  }

  /** Owner only; tasks that pointed at the document go back to pending. */
  async remove(user: User, id: string, request?: FastifyRequest): Promise<void> {
    const document = await this.em.findOne(Document, { id, owner: user.id });
    if (!document) throw new NotFoundException('Document not found');
    const tasks = await this.em.find(DocumentTask, { uploadedDocumentId: document.id });
    for (const task of tasks) {
      task.status = 'pending';
      task.uploadedDocumentId = null;
      task.completedAt = null;
    }
    this.em.remove(document);
    this.activity.persist(this.em, { user, action: ACTIVITY_DOCUMENT_DELETE, targetType: 'document', targetId: document.id, request: request ?? null });
    await this.em.flush();
    await unlink(this.pathOf(document)).catch((err: unknown) => this.logger.warn({ err, document: id }, 'stored file already gone'));
  }
}

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
