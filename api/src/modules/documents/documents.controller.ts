import {
  BadRequestException,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsUUID } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators';
import { DocumentPageDto, DocumentResponseDto } from './document.response';
import { PaginationQueryDto } from '../../common/pagination';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import {
  contentDisposition,
  DocumentsService,
  MAX_UPLOAD_BYTES,
  type ReceivedFile,
  type UploadInput,
} from './documents.service';
import { UploadTooLargeError } from './upload-inspector';
import { IsOptional } from '../../common/validation';

export class ListDocumentsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'claim_id must be a UUID' })
  claim_id?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'assessment_id must be a UUID' })
  assessment_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Staff: one client’s documents.' })
  @IsOptional()
  @IsUUID('all', { message: 'user must be a UUID' })
  user?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = ['claim_id', 'assessment_id', 'task_id'] as const;

const CUT_SHORT = 'The upload was cut short; send the whole file again';

const NO_BOUNDARY = 'multipart/form-data needs a boundary of 1 to 70 characters in its Content-Type';

/**
 * The Content-Type names a boundary of 1 to 70 characters (RFC 2046 §5.1.1). The parser would
 * otherwise throw a plain error (500) for none, or for one over 252 characters.
 */
function hasUsableBoundary(contentType: string | undefined): boolean {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

/** The parser's own refusals of the boundary (kept in case a header passes the check above). */
function isBoundaryRefused(err: unknown): boolean {
  return err instanceof Error && /Boundary not found|needle cannot/i.test(err.message);
}

/**
 * A multipart body that ends before its closing boundary (a cut connection, a Content-Length
 * larger than what was sent): busboy ends or destroys the file part early.
 */
function isCutShort(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ||
    /terminated early|Unexpected end of (multipart data|form)|aborted/i.test(err.message)
  );
}

function isTooLarge(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if (err instanceof UploadTooLargeError) return true;
  const e = err as { code?: unknown; statusCode?: unknown };
  return e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413;
}

/**
 * Reads the multipart body: exactly one part named "file" (streamed into storage as it arrives)
 * and the optional id fields. A refusal after the file was stored discards it.
 */
async function readUpload(request: FastifyRequest, documents: DocumentsService): Promise<UploadInput> {
  const stored: { key?: string } = {};
  try {
    return await readParts(request, documents, (f) => (stored.key = f.received.key));
  } catch (err) {
    if (stored.key !== undefined) await documents.discard(stored.key);
    throw err;
  }
}

async function readParts(
  request: FastifyRequest,
  documents: DocumentsService,
  onFile: (file: { filename: string; received: ReceivedFile }) => void,
): Promise<UploadInput> {
  if (!request.isMultipart()) {
    throw new BadRequestException({
      message: 'Send the file as multipart/form-data',
      errors: [{ field: 'file', message: 'is required' }],
    });
  }
  if (!hasUsableBoundary(request.headers['content-type'])) {
    throw new BadRequestException({
      message: NO_BOUNDARY,
      errors: [{ field: 'Content-Type', message: 'needs a boundary of 1 to 70 characters' }],
    });
  }
  const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
  let file: { filename: string; received: ReceivedFile } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 200, parts: 12 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw new BadRequestException({
            message: 'Send one file in the field "file"',
            errors: [{ field: part.fieldname, message: 'unexpected file field' }],
          });
        }
        // The whole body may already have been read and the part found cut: busboy has then
        // destroyed the stream before we see it (piping it would wait forever).
        if (part.file.destroyed && !part.file.readableEnded) throw new BadRequestException(CUT_SHORT);
        file = { filename: part.filename ?? '', received: await documents.receiveFile(part.file) };
        onFile(file);
      } else {
        const name = part.fieldname as (typeof FIELDS)[number];
        if (!FIELDS.includes(name)) {
          throw new BadRequestException({
            message: `Unknown field ${part.fieldname}`,
            errors: [{ field: part.fieldname, message: 'is not allowed' }],
          });
        }
        const value = typeof part.value === 'string' ? part.value.trim() : '';
        if (value === '') continue;
        if (!UUID.test(value))
          throw new BadRequestException({
            message: `${name} must be a UUID`,
            errors: [{ field: name, message: 'must be a UUID' }],
          });
        fields[name] = value;
      }
    }
  } catch (err) {
    if (isTooLarge(err)) throw new PayloadTooLargeException('The file is larger than 10 MB');
    if (err instanceof BadRequestException) throw err;
    if (isCutShort(err)) throw new BadRequestException(CUT_SHORT);
    if (isBoundaryRefused(err)) throw new BadRequestException(NO_BOUNDARY);
    if (
      typeof err === 'object' &&
      err !== null &&
      'statusCode' in err &&
      typeof err.statusCode === 'number' &&
      err.statusCode < 500
    ) {
      throw new BadRequestException('Malformed multipart body');
    }
    throw err;
  }
  if (!file)
    throw new BadRequestException({
      message: 'A file is required',
      errors: [{ field: 'file', message: 'is required' }],
    });
  return {
    filename: file.filename,
    file: file.received,
    claimId: fields.claim_id,
    assessmentId: fields.assessment_id,
    taskId: fields.task_id,
  };
}

@ApiTags('documents')
@ApiBearerAuth()
@Controller('api/documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary' },
        claim_id: { type: 'string', format: 'uuid' },
        assessment_id: { type: 'string', format: 'uuid' },
        task_id: { type: 'string', format: 'uuid' },
      },
    },
  })
  @ApiCreatedResponse({ type: DocumentResponseDto })
  async upload(@CurrentUser() user: User, @Req() request: FastifyRequest) {
    return this.documents.upload(user, await readUpload(request, this.documents), request);
  }

  @Get()
  @ApiOkResponse({ type: DocumentPageDto })
  list(@CurrentUser() user: User, @Query() query: ListDocumentsQueryDto) {
    return this.documents.list(user, query);
  }

  @Get(':id/download')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file as uploaded', schema: { type: 'string', format: 'binary' } })
  async download(
    @CurrentUser() user: User,
    @Param() params: IdParamDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const { document, stream } = await this.documents.openForDownload(user, params.id, request);
    return reply
      .header('Content-Type', document.contentType)
      .header('Content-Length', String(document.size))
      .header('Content-Disposition', contentDisposition(document.filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(stream);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  async remove(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    await this.documents.remove(user, params.id, request);
  }
}
