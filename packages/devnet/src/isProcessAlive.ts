/**
 * Whether a process with this pid is alive on this machine (signal 0: it exists, even when it belongs to another
 * user). Used by the machine-wide bookkeeping of devnets (port reservations, anvil's state caches) to tell a live
 * owner from one that is gone, however it went (SIGKILL included). Not by age: under libfaketime a process's
 * clock and the file system's differ by the shift.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
