export const TEMPORAL_SERVER_MODULE: string;
export const TEMPORAL_SERVER_VERSION: string;
export const GO_TOOLCHAIN: string;
export const clusterDir: string;
export const temporalBinaries: { server: string; sqlTool: string; schema: string };
export function temporalBuilt(): boolean;
export function goAvailable(): boolean;
export function buildTemporal(options?: {
  log?: (line: string) => void;
}): { ok: true; built: boolean; seconds: number } | { ok: false; reason: string };
