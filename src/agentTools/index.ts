// The agent tools room's entry: language-model tools that read the signed-in projects and propose edits the user saves.
export { AgentTools } from './agentTools';
