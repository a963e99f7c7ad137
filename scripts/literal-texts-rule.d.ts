import type { Linter } from 'eslint';

export declare const literalTextsConfig: Linter.Config;
