// Every workflow the worker registers; the bundle is built from this file once per process.
export { probeWorkflow } from './system/probe.ts';
export { timedWaitWorkflow } from './system/wait.ts';
export { maintenanceWorkflow } from './system/maintenance.ts';
export { eventWorkflow } from './events/event.ts';
export { deliveryWorkflow, eventDeliveriesWorkflow } from './webhooks/delivery.ts';
export { documentWorkflow } from './documents/document.ts';
export { complianceWorkflow } from './compliance/report.ts';
export { inboundWorkflow } from './documents/inbound.ts';
export { companyRegistrationWorkflow } from './companies/registration.ts';
export { companyListingWorkflow } from './companies/listing.ts';
export { tagModelWorkflow } from './tags/model.ts';
export { sandboxAccessPointWorkflow } from './sandbox/access-point.ts';
