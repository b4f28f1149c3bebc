import { z } from 'zod';
import { RevaluationBody, StockQuery } from '../accounting.ts';
import type { RevaluationResult, StockView } from '../accounting.ts';
import { CALLER_ERRORS } from './route.ts';
import type { Declarations } from './route.ts';

const StockAccount = z.object({
  accountId: z.number().int(),
  dimensionId: z.number().int().nullable().describe('null when account 1100 has no dimensions'),
  name: z.string(),
  balance: z.number().describe('Euros, debit positive'),
});

const OWNER = 'The platform owner';
const ERRORS = {
  ...CALLER_ERRORS,
  502: ['accounting.error.upstream'],
  503: ['accounting.error.unconfigured'],
} as const;

/** The platform owner's stock tool over e-arveldaja (spec 02). */
export const accountingContract = {
  accountingStock: {
    summary: "The stock accounts' balances on a date",
    access: OWNER,
    query: StockQuery,
    answer: z.object({
      date: z.string(),
      accounts: z.array(StockAccount),
      total: z.number(),
    }) satisfies z.ZodType<StockView>,
    errors: { 400: ['error.validation'], ...ERRORS },
  },
  accountingRevalue: {
    summary: 'Books the entry that moves the stock accounts to their targets on a date',
    access: OWNER,
    body: RevaluationBody,
    answer: z.object({
      journalId: z.number().int(),
      number: z.number().int().nullable(),
      documentNumber: z.string(),
      date: z.string(),
      accounts: z.array(StockAccount).describe('The balances after the entry'),
    }) satisfies z.ZodType<RevaluationResult>,
    status: 201,
    errors: {
      400: ['error.validation', 'accounting.error.unknownaccount', 'accounting.error.nochange'],
      ...ERRORS,
    },
  },
} as const satisfies Declarations<'accountingStock' | 'accountingRevalue'>;
