// The projects room's entry: what other rooms may import.
export * from './accountFlows';
export * from './pickers';
export * from './primaryGuard';
export * from './project';
export * from './projectData';
export * from './registry';
export * from './statusBar';
export * from './accountCommands';
export * from '../domain/titles';
export * from './actions';
export * from './actionHost';
export * from './projectStore';
