export * from './define';
export { LocalJobRunner, type LocalRunnerOptions } from './local-runner';
export type { JobDispatcher } from './dispatcher';
