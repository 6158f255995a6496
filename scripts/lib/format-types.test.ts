import { describe, expect, it } from 'vitest';
import { formatGeneratedTypes, formatTypeLiteral } from './format-types.ts';

// A shortened sample of what `supabase gen types typescript` 3.x prints (unformatted).
const RAW = `│
▲  Connected to 127.0.0.1 without TLS

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "settings": {
                  Row: {
                    "id": string,"site_name": string,"url": string | null
                  }
                  Insert: {
                    "id"?: string,"site_name"?: string
                  }
                  Relationships: [
                    
                  ]
                },"items": {
                  Row: {
                    "id": string,"tags": string[]
                  }
                  Relationships: [
                    {
                      foreignKeyName: "items_id_fkey"
                      columns: ["id", "x"]
                      referencedRelation: "settings"
                    }
                  ]
                }
          }
          Functions: {
            "f":
{ Args: { "p_a"?: string,"p_b": number }; Returns: Json
                           },
"g":
{ Args: Record<PropertyKey, never>; Returns: number
                           }
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

export const Constants = {
  "public": {
          Enums: {
            
          }
        }
} as const
`;

describe('formatGeneratedTypes', () => {
  const out = formatGeneratedTypes(RAW);

  it('drops the CLI status lines before the types', () => {
    expect(out.startsWith('export type Json =')).toBe(true);
  });

  it('puts one member per line with two-space indentation', () => {
    expect(out).toContain(
      [
        '      "settings": {',
        '        Row: {',
        '          "id": string',
        '          "site_name": string',
        '          "url": string | null',
        '        }',
      ].join('\n'),
    );
    expect(out).toContain('        Relationships: []');
  });

  it('keeps inline arrays and generics on one line and objects in arrays separated by commas', () => {
    expect(out).toContain('            columns: ["id", "x"]');
    expect(out).toContain('        Args: Record<PropertyKey, never>');
    expect(out).toContain('          "p_b": number');
  });

  it('keeps commas in the Constants object (a value, not a type)', () => {
    expect(out).toContain('export const Constants = {\n  "public": {\n    Enums: {},\n  },\n} as const\n');
  });

  it('leaves the helper types after the Database type untouched', () => {
    expect(out).toContain("}\n\ntype DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>\n");
  });

  it('is stable: formatting formatted output changes nothing', () => {
    expect(formatGeneratedTypes(out)).toBe(out);
  });
});

describe('formatTypeLiteral', () => {
  it('rejects unbalanced input', () => {
    expect(() => formatTypeLiteral('{ a: { b: string }')).toThrow(/unbalanced/);
  });
});
