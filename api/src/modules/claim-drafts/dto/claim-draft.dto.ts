import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsOptional, IsRequired } from '../../../common/validation';

export class ClaimDraftParamsDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'draftId must be a UUID' })
  draftId!: string;
}

/**
 * What the client supplies on their drafts (issue 30 §1): every field optional, an empty string
 * clears it. The formats are the tax authority's: an SDLT UTRN is 9 digits and 2 letters
 * (123456789MC), a Welsh LTT one 12 digits.
 */
export class ClaimDraftFieldsDto {
  @ApiPropertyOptional({
    description: 'UTRN of the original return: 123456789MC, or 12 digits (Wales)',
    maxLength: 12,
  })
  @IsOptional()
  @IsString()
  @MaxLength(12)
  @Matches(/^(?:\d{9}[A-Za-z]{2}|\d{12})?$/, {
    message: 'utrn must be 9 digits and 2 letters (e.g. 123456789MC), or 12 digits for Wales',
  })
  utrn?: string;

  @ApiPropertyOptional({ description: "Every purchaser's name and address, one per line", maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  purchasers?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  property_address?: string;

  @ApiPropertyOptional({ description: 'Land Registry title number, e.g. NGL123456', maxLength: 12 })
  @IsOptional()
  @IsString()
  @MaxLength(12)
  @Matches(/^(?:[A-Za-z]{0,3}\d{1,9})?$/, {
    message: 'title_number must be up to 3 letters and digits, e.g. NGL123456',
  })
  title_number?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  bank_account_name?: string;

  @ApiPropertyOptional({ description: 'Six digits, e.g. 12-34-56', maxLength: 8 })
  @IsOptional()
  @IsString()
  @MaxLength(8)
  @Matches(/^(?:\d{2}-?\d{2}-?\d{2})?$/, { message: 'bank_sort_code must be 6 digits, e.g. 12-34-56' })
  bank_sort_code?: string;

  @ApiPropertyOptional({ description: 'Eight digits', maxLength: 8 })
  @IsOptional()
  @IsString()
  @MaxLength(8)
  @Matches(/^(?:\d{8})?$/, { message: 'bank_account_number must be 8 digits' })
  bank_account_number?: string;

  @ApiPropertyOptional({
    enum: ['', 'yes', 'no'],
    description: 'Whether you have appealed against this tax before',
  })
  @IsOptional()
  @IsIn(['', 'yes', 'no'], { message: 'appealed_before must be yes or no' })
  appealed_before?: string;

  @ApiPropertyOptional({
    description: 'Your HMRC reference for this tax (Self Assessment UTR, inheritance tax reference)',
    maxLength: 20,
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  @Matches(/^[A-Za-z0-9 /-]*$/, { message: 'tax_reference must be letters, digits, spaces, / or -' })
  tax_reference?: string;
}

export class ClaimDraftSectionEditDto {
  @ApiProperty({ maxLength: 60 })
  @IsString()
  @MaxLength(60)
  id!: string;

  @ApiProperty({ maxLength: 10000 })
  @IsString()
  @MaxLength(10000)
  text!: string;
}

/** Staff's text of the draft's editable sections. */
export class EditClaimDraftDto {
  @ApiProperty({ type: ClaimDraftSectionEditDto, isArray: true, maxItems: 30 })
  @IsArray()
  @ArrayMaxSize(30)
  @ValidateNested({ each: true })
  @Type(() => ClaimDraftSectionEditDto)
  sections!: ClaimDraftSectionEditDto[];
}

/** The client's declaration: their full name typed, and today's date. */
export class SignClaimDraftDto {
  @ApiProperty({ minLength: 2, maxLength: 200, description: 'Your full name, typed as your signature' })
  @IsString()
  @MinLength(2, { message: 'full_name must be your full name' })
  @MaxLength(200)
  @Matches(/[A-Za-z\u00C0-\u024F]/, { message: 'full_name must be your full name' })
  full_name!: string;

  @ApiProperty({ format: 'date', description: "Today's date, YYYY-MM-DD" })
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date, YYYY-MM-DD' })
  date!: string;

  @ApiProperty({
    description:
      'The checksum of the draft the client read (the draft’s checksum). When the draft changed since, nothing is signed (409).',
    pattern: '^[0-9a-f]{64}$',
  })
  @IsRequired('checksum is required to sign: the checksum of the draft you read')
  @IsString()
  @Matches(/^[0-9a-f]{64}$/, { message: 'checksum must be the draft’s checksum' })
  checksum!: string;
}
