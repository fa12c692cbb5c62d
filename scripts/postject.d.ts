// postject ships no types; this is the part of its API scripts/package.ts uses (dist/api.js).
declare module 'postject' {
  export interface InjectOptions {
    /** Marker in the binary that tells it a resource was injected (Node's SEA fuse). */
    sentinelFuse?: string;
    /** macOS only: the segment the resource goes into (NODE_SEA for Node). */
    machoSegmentName?: string;
    overwrite?: boolean;
  }
  export function inject(filename: string, resourceName: string, resourceData: Buffer, options?: InjectOptions): Promise<void>;
}
