import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsString, IsUUID, Max, Min, MaxLength, ValidateBy } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination';
import { ALL_CLAIM_STATUSES, type ClaimStage, type ClaimStatus } from '../claim-status';
import { IsOptional } from '../../../common/validation';

/** The most a claim's repayment or fee may be, in pounds (far above any real claim; catches a typo'd extra digits). */
export const MAX_CLAIM_MONEY = 100_000_000;

/**
 * Whole pence: the number is its own value rounded to 2 decimal places. (class-validator's
 * `maxDecimalPlaces` reads the decimals from `toString()` and throws on exponent forms such as
 * -5e-323, which the fuzz test sent: a 500, not a 400.)
 */
export function isWholePence(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && Math.round(value * 100) / 100 === value;
}

// A sum of money in pounds, as the estimate is stored: non-negative, pence at most, bounded.
function Money(label: string) {
  return applyDecorators(
    IsNumber(
      { allowNaN: false, allowInfinity: false },
      { message: `${label} must be an amount in pounds with at most 2 decimal places` },
    ),
    ValidateBy(
      { name: 'isWholePence', validator: { validate: isWholePence } },
      { message: `${label} must be an amount in pounds with at most 2 decimal places` },
    ),
    Min(0, { message: `${label} cannot be negative` }),
    Max(MAX_CLAIM_MONEY, { message: `${label} cannot be more than £100,000,000` }),
  );
}

export class ListClaimsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ['application', 'claim'] })
  @IsOptional()
  @IsIn(['application', 'claim'], { message: 'stage must be application or claim' })
  stage?: ClaimStage;

  @ApiPropertyOptional({ enum: ALL_CLAIM_STATUSES })
  @IsOptional()
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status?: ClaimStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'Staff: one client’s claims.' })
  @IsOptional()
  @IsUUID('all', { message: 'user must be a UUID' })
  user?: string;

  @ApiPropertyOptional({ description: 'Staff: reference, client e-mail or name contains.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

export class ChangeClaimStatusDto {
  @ApiProperty({ enum: ALL_CLAIM_STATUSES })
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status!: ClaimStatus;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(2000)
  note?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: 100_000_000,
    description: 'Pounds HMRC repaid (2 decimal places). Required when status is paid; only accepted then.',
  })
  @IsOptional()
  @Money('Amount repaid')
  amount_repaid?: number;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    maximum: 100_000_000,
    description: 'Our fee in pounds (2 decimal places). Optional, only with status paid.',
  })
  @IsOptional()
  @Money('Fee')
  fee?: number;
}
