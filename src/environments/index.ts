// Environments: the Environments node's children, fork / promote / rename / delete / switch, maintenance mode.
export * from './commands';
