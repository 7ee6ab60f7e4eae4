// Webview panels: the base every panel is made of (./panel.ts). Its pages are scripts of webviews/.
export { Panel } from './panel';
