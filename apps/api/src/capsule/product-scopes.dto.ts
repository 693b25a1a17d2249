import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';

/**
 * The shape only, bounded so hostile input costs nothing; the domain checks
 * the names (`CAPSULE.BAD_SCOPE`) and how many (`CAPSULE.TOO_MANY_SCOPES`).
 */
export class ProductScopesBody {
  @IsArray() @ArrayMaxSize(256) @IsString({ each: true }) @MaxLength(256, { each: true }) scopes!: string[];
}

export class ProductScopesView {
  @IsString() sku!: string;
  @IsArray() @IsString({ each: true }) scopes!: string[];
}
