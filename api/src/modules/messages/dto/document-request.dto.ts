import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class CreateDocumentRequestDto {
  @ApiProperty({ maxLength: 300, description: 'What is asked for, e.g. "Completion statement".' })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(300)
  name!: string;

  @ApiProperty({ maxLength: 2000, description: 'Why it is needed, in words the client understands.' })
  @IsString({ message: 'reason must be text' })
  @IsNotEmpty({ message: 'reason is required' })
  @MaxLength(2000)
  reason!: string;

  @ApiProperty({ format: 'date', description: 'YYYY-MM-DD, today or later (within a year).' })
  @IsString({ message: 'due_date must be a date' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'due_date must be a date written YYYY-MM-DD' })
  due_date!: string;
}
