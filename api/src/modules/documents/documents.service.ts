import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import {
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { pageOf, pageWindow, type PaginationQueryDto } from '../../common/pagination';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { recordStaffView } from '../admin/record-staff-view';
import { Assessment } from '../assessments/assessment.entity';
import { DocumentTask } from '../assessments/document-task.entity';
import { Claim } from '../claims/claim.entity';
import { User } from '../users/user.entity';
import { Document } from './document.entity';
import { FileStorage, StoredFileNotFoundError } from '../storage/file-storage';
import { safeDisplayName, sniffContentType } from './sniff-content-type';
import { UploadInspector, UploadTooLargeError } from './upload-inspector';
import { ownership } from '../../common/access';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACTIVITY_DOCUMENT_UPLOAD = 'document_upload';
export const ACTIVITY_DOCUMENT_DOWNLOAD = 'document_download';
export const ACTIVITY_DOCUMENT_DELETE = 'document_delete';
export const UNSUPPORTED_TYPE_DETAIL =
  'Only PDF, PNG, JPEG, DOCX, XLSX, CSV and plain text files can be uploaded';

/** A file streamed into storage under `key`, not yet attached to a Document row. */
export interface ReceivedFile {
  key: string;
  size: number;
  sha256: string;
  /** What sniffing reads (see UploadInspector.sample). */
  sample: Buffer;
  isText: boolean;
}

export interface UploadInput {
  filename: string;
  file: ReceivedFile;
  claimId?: string;
  assessmentId?: string;
  taskId?: string;
}

export type DocumentResponse = ReturnType<typeof toDocumentResponse>;

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

  constructor(
    private readonly em: EntityManager,
    private readonly activity: ActivityLogService,
    // Outside any web root: only the download route serves these bytes, as attachments.
    private readonly storage: FileStorage,
  ) {}

  /**
   * Streams an uploaded file into storage under a new random key while measuring, hashing and
   * sampling it. Over MAX_UPLOAD_BYTES or a broken stream → rejects, and nothing is kept.
   */
  async receiveFile(source: Readable): Promise<ReceivedFile> {
    const key = randomUUID();
    const inspector = new UploadInspector(MAX_UPLOAD_BYTES);
    // Errors on either side destroy the other, so storage.put rejects; the cause (too large,
    // a broken upload) is what the client hears about, not how the store noticed.
    let cause: unknown = null;
    const body = pipeline(source, inspector, (err) => (cause = err ?? null));
    // The multipart parser cuts a file at the limit and marks it truncated (it may also close it).
    const truncated = () => (source as Readable & { truncated?: boolean }).truncated === true;
    try {
      await this.storage.put(key, body);
    } catch (err) {
      await this.discard(key);
      throw truncated() ? new UploadTooLargeError() : (cause ?? err);
    }
    if (truncated()) {
      await this.discard(key);
      throw new UploadTooLargeError();
    }
    return {
      key,
      size: inspector.size,
      sha256: inspector.sha256,
      sample: inspector.sample(),
      isText: inspector.isText,
    };
  }

  /** Deletes a received file that will not become a Document. */
  async discard(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((err: unknown) => this.logger.warn({ err, key }, 'could not delete a discarded upload'));
  }

  /** Attaches a received file to a new Document; on any refusal the stored bytes are deleted. */
  async upload(user: User, input: UploadInput, request?: FastifyRequest) {
    try {
      return await this.attach(user, input, request);
    } catch (err) {
      await this.discard(input.file.key);
      throw err;
    }
  }

  private async attach(user: User, input: UploadInput, request?: FastifyRequest) {
    if (input.file.size === 0) {
      throw new BadRequestException({
        message: 'The file is empty',
        errors: [{ field: 'file', message: 'must not be empty' }],
      });
    }
    const displayName = safeDisplayName(input.filename);
    let sniffed = sniffContentType(input.file.sample, displayName);
    // The sample of a large file is its ends; text must hold for every byte.
    if (sniffed && (sniffed.kind === 'text' || sniffed.kind === 'csv') && !input.file.isText) sniffed = null;
    if (!sniffed) throw new UnsupportedMediaTypeException(UNSUPPORTED_TYPE_DETAIL);

    // Whose document it is: the uploader's, or for staff attaching to a claim, the claim's client.
    let owner: User = user;
    let claim: Claim | null = null;
    if (input.claimId) {
      claim = await this.em.findOne(Claim, ownership.record(user, 'user', { id: input.claimId }), {
        populate: ['user'],
      });
      if (!claim)
        throw new BadRequestException({
          message: 'claim_id is not one of your claims',
          errors: [{ field: 'claim_id', message: 'must be one of your claims' }],
        });
      owner = claim.user;
    }
    let assessmentId: string | null = null;
    if (input.assessmentId) {
      const assessment = await this.em.findOne(
        Assessment,
        ownership.own(owner, 'user', { id: input.assessmentId }),
      );
      if (!assessment) {
        throw new BadRequestException({
          message: 'assessment_id is not one of your assessments',
          errors: [{ field: 'assessment_id', message: 'must be one of your assessments' }],
        });
      }
      assessmentId = assessment.id;
    }
    let task: DocumentTask | null = null;
    if (input.taskId) {
      task = await this.em.findOne(DocumentTask, {
        id: input.taskId,
        assessment: ownership.own(owner, 'user', {}),
      });
      if (!task)
        throw new BadRequestException({
          message: 'task_id is not one of your document tasks',
          errors: [{ field: 'task_id', message: 'must be one of your document tasks' }],
        });
      assessmentId ??= task.assessment.id;
    }

    const document = new Document();
    document.owner = owner;
    document.uploadedBy = this.em.getReference(User, user.id);
    document.filename = displayName;
    document.storageName = input.file.key;
    document.contentType = sniffed.mime;
    document.size = input.file.size;
    document.sha256 = input.file.sha256;
    document.claimId = claim ? claim.id : null;
    document.assessmentId = assessmentId;
    if (task) {
      task.status = 'completed';
      task.uploadedDocumentId = document.id;
      task.completedAt = new Date();
    }

    // Nothing half-done: if this fails, upload() deletes the stored bytes (no row, no file).
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
    return toDocumentResponse(document);
  }

  async list(user: User, query: ListDocumentsQuery) {
    const where: FilterQuery<Document> = ownership.list(
      user,
      'owner',
      {},
      {
        owner: query.user,
        staffUnscoped: 'all',
      },
    );
    if (query.claim_id) where.claimId = query.claim_id;
    if (query.assessment_id) where.assessmentId = query.assessment_id;
    const { limit, offset } = pageWindow(query);
    const [rows, count] = await this.em.findAndCount(Document, where, {
      limit,
      offset,
      orderBy: { uploadedAt: 'desc', id: 'asc' },
    });
    return pageOf(rows.map(toDocumentResponse), count, query);
  }

  private async findReadable(user: User, id: string): Promise<Document> {
    const where = ownership.record(user, 'owner', { id }) as FilterQuery<Document>;
    const document = await this.em.findOne(Document, where);
    if (!document) throw new NotFoundException('Document not found');
    return document;
  }

  async openForDownload(
    user: User,
    id: string,
    request?: FastifyRequest,
  ): Promise<{ document: Document; stream: Readable }> {
    const document = await this.findReadable(user, id);
    await recordStaffView({
      activity: this.activity,
      viewer: user,
      ownerId: document.owner.id,
      targetType: 'document',
      targetId: document.id,
      request,
    });
    const stream = await this.storage.get(document.storageName).catch((err: unknown) => {
      if (!(err instanceof StoredFileNotFoundError)) throw err;
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
    const document = await this.em.findOne(Document, ownership.own(user, 'owner', { id }));
    if (!document) throw new NotFoundException('Document not found');
    const tasks = await this.em.find(DocumentTask, { uploadedDocumentId: document.id });
    for (const task of tasks) {
      task.status = 'pending';
      task.uploadedDocumentId = null;
      task.completedAt = null;
    }
    this.em.remove(document);
    this.activity.persist(this.em, {
      user,
      action: ACTIVITY_DOCUMENT_DELETE,
      targetType: 'document',
      targetId: document.id,
      request: request ?? null,
    });
    await this.em.flush();
    await this.storage
      .delete(document.storageName)
      .catch((err: unknown) => this.logger.warn({ err, document: id }, 'could not delete the stored file'));
  }
}

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
