//! How much memory the machine can still give, so that a table too large for it is refused
//! before the old one is freed, rather than allocated on credit and paid for in swapping or the
//! out-of-memory killer (Linux overcommits: a large allocation succeeds and fails only when its
//! pages are touched).

/// Bytes the OS could give this process now without swapping, where the platform says:
/// `MemAvailable` of `/proc/meminfo` on Linux (free memory plus the caches the kernel can
/// reclaim, see the kernel's `filesystems/proc` documentation). `None` elsewhere: there the
/// allocator's own refusal is the only check.
pub(crate) fn available_memory() -> Option<u64> {
    if cfg!(target_os = "linux") {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        mem_available(&text)
    } else {
        None
    }
}

/// The `MemAvailable:` line of a `/proc/meminfo` text, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemAvailable:"))?;
    let kib = line.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_mem_available_in_bytes() {
        let text = "MemTotal:       24576000 kB\nMemFree:         1000 kB\n\
                    MemAvailable:   22000000 kB\nBuffers:  12 kB\n";
        assert_eq!(mem_available(text), Some(22_000_000 * 1024));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots kB\n"), None);
        assert_eq!(
            mem_available("MemAvailable: 99999999999999999999 kB\n"),
            None
        );
    }

    #[test]
    fn linux_reports_some_memory() {
        if cfg!(target_os = "linux") {
            assert!(available_memory().is_some_and(|bytes| bytes > 0));
        } else {
            assert_eq!(available_memory(), None);
        }
    }
}
