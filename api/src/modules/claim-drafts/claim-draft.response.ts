import { ApiProperty } from '@nestjs/swagger';
import { CLIENT_FIELD_KEYS, type ClaimDraftResponse, type ClientFieldName } from './claim-draft.serializer';

// The draft claim documents as the OpenAPI document describes them; `implements` holds these
// classes to the serializer, and the web's types are generated from them.

type Item = ClaimDraftResponse['items'][number];
type Section = ClaimDraftResponse['sections'][number];

export class ClaimDraftDefinitionDto {
  @ApiProperty() id!: string;
  @ApiProperty() version!: number;
}

export class ClaimDraftParameterDto {
  @ApiProperty() set!: string;
  @ApiProperty() key!: string;
}

export class ClaimDraftLimitDto {
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date',
    description: 'The last day to claim by this route',
  })
  date!: string | null;
  @ApiProperty({ description: 'The rule applied, in words' }) rule!: string;
  @ApiProperty({ description: 'The claim is dated on or before the last day' }) in_time!: boolean;
  @ApiProperty({
    type: ClaimDraftParameterDto,
    nullable: true,
    description: 'The dated parameter of the limit',
  })
  parameter!: ClaimDraftParameterDto | null;
}

export class ClaimDraftItemDto implements Item {
  @ApiProperty() id!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: ['hard', 'warn'] }) kind!: 'hard' | 'warn';
  @ApiProperty({ enum: ['fact', 'answer', 'client', 'staff', 'declaration', 'document', 'limit'] })
  source!: Item['source'];
  @ApiProperty({ type: String, nullable: true }) ref!: string | null;
  @ApiProperty({ enum: ['present', 'missing'] }) status!: 'present' | 'missing';
  @ApiProperty({ description: 'The value as shown (empty when missing)' }) value!: string;
  @ApiProperty({ type: String, nullable: true, description: 'What is missing, in plain English' })
  missing!: string | null;
  @ApiProperty({ type: String, nullable: true }) basis!: string | null;
}

export class ClaimDraftSectionDto implements Section {
  @ApiProperty() id!: string;
  @ApiProperty() heading!: string;
  @ApiProperty({ description: 'The section with its merge fields filled' }) text!: string;
  @ApiProperty({ description: 'Staff edit this section' }) editable!: boolean;
  @ApiProperty({ description: 'An editable section’s text before its merge fields are filled' })
  source!: string;
}

export class ClaimDraftClientFieldsDto {
  @ApiProperty() utrn!: string;
  @ApiProperty() purchasers!: string;
  @ApiProperty() property_address!: string;
  @ApiProperty() title_number!: string;
  @ApiProperty() bank_account_name!: string;
  @ApiProperty() bank_sort_code!: string;
  @ApiProperty() bank_account_number!: string;
  @ApiProperty() appealed_before!: string;
  @ApiProperty() tax_reference!: string;
}

export class ClaimDraftSignatureDto {
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date' }) date!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
}

export class ClaimDraftResponseDto implements ClaimDraftResponse {
  @ApiProperty() id!: string;
  @ApiProperty() claim_id!: string;
  @ApiProperty() route_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() legal_basis!: string;
  @ApiProperty({ type: ClaimDraftDefinitionDto }) definition!: ClaimDraftDefinitionDto;
  @ApiProperty({ format: 'date' }) evaluated_as_of!: string;
  @ApiProperty({ type: ClaimDraftLimitDto }) limit!: ClaimDraftLimitDto;
  @ApiProperty({ type: ClaimDraftItemDto, isArray: true }) items!: ClaimDraftItemDto[];
  @ApiProperty({ type: ClaimDraftSectionDto, isArray: true }) sections!: ClaimDraftSectionDto[];
  @ApiProperty({ description: 'Every hard item is present' }) complete!: boolean;
  @ApiProperty({ description: 'Every hard item but the declaration is present: the client may sign' })
  ready_to_sign!: boolean;
  @ApiProperty({ type: String, isArray: true }) missing_hard!: string[];
  @ApiProperty({ type: String, isArray: true }) warn_gaps!: string[];
  @ApiProperty({ type: ClaimDraftClientFieldsDto }) client_fields!: ClaimDraftClientFieldsDto;
  @ApiProperty({
    enum: CLIENT_FIELD_KEYS,
    enumName: 'ClaimDraftClientField',
    isArray: true,
    description: 'The client fields this route reads (names as in client_fields)',
  })
  client_fields_needed!: ClientFieldName[];
  @ApiProperty({ type: ClaimDraftSignatureDto, nullable: true }) signed!: ClaimDraftSignatureDto | null;
  @ApiProperty({ description: 'The signed PDF can be downloaded' }) pdf_available!: boolean;
  @ApiProperty({
    description:
      'Checksum of the draft as shown, without the declaration. Sent back when signing: a draft changed since is not signed (409).',
  })
  checksum!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ClaimDraftListDto {
  @ApiProperty({ type: ClaimDraftResponseDto, isArray: true }) results!: ClaimDraftResponseDto[];
}
