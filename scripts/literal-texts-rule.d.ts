import type { Linter } from 'eslint';

export declare const NOT_YET_IN_THE_CATALOGUE: string[];
export declare const literalTextsConfig: Linter.Config;
