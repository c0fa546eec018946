export { createFlowServiceClient, FlowRefused } from './flow-client.ts';
export type { Flow, FlowInfo, FlowSearchFilters, FlowServiceClient, FlowServiceOptions } from './flow-client.ts';
export { cdarOfSubmission, createPartnerPaPlatform, PPF, renderReportCdar } from './platform.ts';
