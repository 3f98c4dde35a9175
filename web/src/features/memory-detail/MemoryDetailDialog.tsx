// Placeholder until this slice lands.
export function MemoryDetailDialog(_props: { memoryId: string; onClose: () => void }) {
  return null;
}
