// The agent tools room's entry: language-model tools that read the signed-in projects and propose edits the user saves.
export { AgentTools, type AgentToolsDeps } from './agentTools';
export { TOOLS, type ToolName } from './tools';
