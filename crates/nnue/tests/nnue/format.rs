//! The network file: a file round-trips, version-1 and version-2 files still load, and every
//! kind of wrong file is refused with the error that names what is wrong.

use crate::common::{
    HIDDEN, random_arch_params, random_bucketed_params, random_mirrored_params, random_params,
};
use nnue::format::{
    ArchField, HEADER_LEN, HEADER_LEN_V2, QuantisedParams, VERSION, payload_len, validate,
};
use nnue::{
    Architecture, INPUTS, KingBucketError, KingBuckets, KingLayout, Mirroring, Network,
    NetworkError, OutputBuckets, SUPPORTED_HIDDEN, Unsupported,
};

/// Rewrites the header checksum after a payload edit, so a test reaches the check it aims at.
fn reseal(bytes: &mut [u8]) {
    let sum = nnue::format::checksum(bytes, HEADER_LEN);
    bytes[40..48].copy_from_slice(&sum.to_le_bytes());
}

fn set_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

fn version(bytes: &[u8]) -> u32 {
    u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]])
}

#[test]
fn a_written_network_reads_back_equal() {
    for buckets in [1, 3, 8, OutputBuckets::MAX] {
        let params = random_bucketed_params(9, buckets);
        let bytes = params.encode();
        assert_eq!(version(&bytes), VERSION);
        assert_eq!(bytes.len(), HEADER_LEN + payload_len(&params.arch));
        let net = Network::from_bytes(&bytes).expect("valid");
        assert_eq!(net.buckets().count(), buckets);
        assert_eq!(net.params(), params);
    }
    // The embedded network, whatever its head count, goes through the same writer and reader.
    let embedded = Network::embedded();
    let again = Network::from_bytes(&embedded.params().encode()).expect("valid");
    assert_eq!(again.buckets().count(), embedded.buckets().count());
    assert_eq!(again.params(), embedded.params());
}

/// The version-2 file of the same parameters (a network without mirroring or king buckets):
/// the first 48 bytes of the header, then the same payload.
fn as_version_2(v3: &[u8]) -> Vec<u8> {
    let mut v2 = v3[..HEADER_LEN_V2].to_vec();
    v2.extend_from_slice(&v3[HEADER_LEN..]);
    set_u32(&mut v2, 8, 2);
    v2
}

#[test]
fn version_2_files_load_without_mirroring_or_king_buckets() {
    for buckets in [1, 8] {
        let params = random_bucketed_params(13, buckets);
        let v2 = as_version_2(&params.encode());
        let net = Network::from_bytes(&v2).expect("a version-2 file");
        assert_eq!(net.params(), params);
        let arch = net.architecture();
        assert_eq!(arch.mirroring, Mirroring::None);
        assert_eq!(arch.king_buckets, KingBuckets::NONE);
        assert_eq!(arch.hidden, HIDDEN);
        assert_eq!(arch.output_buckets.count(), buckets);
    }
    // The embedded eighth network is such a file: 256 wide, eight heads, nothing else.
    let eight = OutputBuckets::new(8).expect("in range");
    assert_eq!(
        Network::embedded().architecture(),
        Architecture::plain(256, eight)
    );
}

#[test]
fn every_supported_architecture_round_trips_and_others_are_refused() {
    for &hidden in &SUPPORTED_HIDDEN {
        for mirroring in [Mirroring::None, Mirroring::Horizontal] {
            let arch = Architecture {
                mirroring,
                ..Architecture::plain(hidden, OutputBuckets::new(8).expect("in range"))
            };
            let params = random_arch_params(hidden as u64, arch);
            let bytes = params.encode();
            assert_eq!(validate(&bytes), Ok(arch));
            let net = Network::from_bytes(&bytes).expect("a supported architecture");
            assert_eq!(net.architecture(), arch);
            assert_eq!(net.params(), params);
        }
    }
    // A width this build has no code for.
    let mut params = random_params(14);
    params.arch.hidden = 384;
    params.ft_weights.resize(INPUTS * 384, 0);
    params.ft_bias.resize(384, 0);
    params.out_weights.resize(2 * 384, 0);
    let err = Network::from_bytes(&params.encode()).unwrap_err();
    assert_eq!(
        err,
        NetworkError::UnsupportedArchitecture {
            part: Unsupported::Hidden,
            found: 384
        }
    );
    assert!(err.to_string().contains("hidden width 384"), "{err}");
    // King bucket fields that name no layout, another count than the layout's, or a layout
    // over files e to h without mirroring: each refused with the reason.
    for (king_buckets, mirroring, reason) in [
        (
            KingBuckets::new(4, 9),
            Mirroring::Horizontal,
            KingBucketError::UnknownMap { map: 9 },
        ),
        (
            KingBuckets::new(4, KingLayout::TWO.map()),
            Mirroring::Horizontal,
            KingBucketError::WrongCount {
                map: 1,
                count: 4,
                expected: 2,
            },
        ),
        (
            KingLayout::FOUR.header(),
            Mirroring::None,
            KingBucketError::NeedsMirroring { map: 2 },
        ),
    ] {
        let arch = Architecture {
            mirroring,
            king_buckets,
            ..Architecture::plain(HIDDEN, OutputBuckets::ONE)
        };
        let bytes = random_arch_params(15, arch).encode();
        assert_eq!(bytes.len(), HEADER_LEN + payload_len(&arch));
        let err = validate(&bytes).unwrap_err();
        assert_eq!(err, NetworkError::BadKingBuckets(reason));
        assert_eq!(Network::from_bytes(&bytes).unwrap_err(), err);
        assert!(err.to_string().contains("king bucket"), "{err}");
    }
    // A mirroring code no build knows, and a reserved field that is not zero.
    let good = random_mirrored_params(16, HIDDEN).encode();
    let mut bad = good.clone();
    set_u32(&mut bad, 48, 2);
    assert_eq!(
        validate(&bad),
        Err(NetworkError::UnsupportedArchitecture {
            part: Unsupported::Mirroring,
            found: 2
        })
    );
    let mut bad = good.clone();
    set_u32(&mut bad, 60, 1);
    assert_eq!(
        validate(&bad),
        Err(NetworkError::ArchitectureMismatch {
            field: ArchField::Reserved,
            expected: 0,
            found: 1
        })
    );
    // A version-3 header cut short.
    assert_eq!(
        validate(&good[..HEADER_LEN - 1]),
        Err(NetworkError::TooShort {
            len: HEADER_LEN - 1,
            need: HEADER_LEN
        })
    );
}

#[test]
fn version_1_files_load_as_one_output_bucket() {
    // Version 1 is version 2 with one bucket: the same bytes read the same either way.
    let params = random_params(12);
    let mut v1 = as_version_2(&params.encode());
    set_u32(&mut v1, 8, 1);
    assert_eq!(version(&v1), 1);
    let from_v1 = Network::from_bytes(&v1).expect("a version-1 file");
    assert_eq!(from_v1.buckets(), OutputBuckets::ONE);
    assert_eq!(from_v1.params(), params);
    assert_eq!(
        from_v1,
        Network::from_bytes(&params.encode()).expect("valid")
    );
}

#[test]
fn bad_output_bucket_counts_are_refused() {
    // Version 1 holds one bucket only, even with the length eight would need.
    let mut v1 = as_version_2(&random_bucketed_params(3, 8).encode());
    set_u32(&mut v1, 8, 1);
    assert_eq!(
        validate(&v1),
        Err(NetworkError::BadOutputBuckets {
            version: 1,
            found: 8
        })
    );
    let good = random_params(3).encode();
    for found in [0, OutputBuckets::MAX as u32 + 1, u32::MAX] {
        let mut bad = good.clone();
        set_u32(&mut bad, 20, found);
        assert_eq!(
            validate(&bad),
            Err(NetworkError::BadOutputBuckets {
                version: VERSION,
                found
            })
        );
    }
    // A count in range whose weights are not in the file.
    let mut bad = good.clone();
    set_u32(&mut bad, 20, 8);
    assert!(matches!(
        validate(&bad),
        Err(NetworkError::WrongLength { .. })
    ));
    let mut bad = good.clone();
    set_u32(&mut bad, 20, 0);
    let err = Network::from_bytes(&bad).unwrap_err();
    assert!(err.to_string().contains("output bucket count: 0"), "{err}");
}

#[test]
fn wrong_files_are_refused_with_the_reason() {
    let params = random_params(4);
    let good = params.encode();
    assert_eq!(validate(&good), Ok(params.arch));

    assert_eq!(
        validate(&good[..10]),
        Err(NetworkError::TooShort { len: 10, need: 48 })
    );

    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(validate(&bad), Err(NetworkError::BadMagic));

    let mut bad = good.clone();
    bad[8] = 4;
    assert_eq!(
        validate(&bad),
        Err(NetworkError::UnsupportedVersion { found: 4 })
    );

    let mut bad = good.clone();
    bad[16..20].copy_from_slice(&128u32.to_le_bytes());
    assert_eq!(
        validate(&bad),
        Err(NetworkError::UnsupportedArchitecture {
            part: Unsupported::Hidden,
            found: 128
        })
    );

    let mut bad = good.clone();
    bad[24..28].copy_from_slice(&256u32.to_le_bytes());
    assert_eq!(
        validate(&bad),
        Err(NetworkError::ArchitectureMismatch {
            field: ArchField::Qa,
            expected: 255,
            found: 256
        })
    );

    let truncated = &good[..good.len() - 1];
    assert!(matches!(
        validate(truncated),
        Err(NetworkError::WrongLength { .. })
    ));
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(
        validate(&longer),
        Err(NetworkError::WrongLength { .. })
    ));

    let mut bad = good.clone();
    bad[HEADER_LEN + 5] ^= 1;
    assert!(matches!(
        validate(&bad),
        Err(NetworkError::ChecksumMismatch { .. })
    ));

    // Error messages name the problem.
    let err = Network::from_bytes(&good[..good.len() - 3]).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
}

#[test]
fn weights_the_integer_kernels_cannot_hold_are_refused() {
    let mut params: QuantisedParams = random_params(5);
    params.out_weights[17] = 128;
    assert_eq!(
        validate(&params.encode()),
        Err(NetworkError::OutputWeightOutOfRange { index: 17 })
    );

    let mut params = random_params(5);
    // 32 pieces on a row of weights near 1100 could pass 32767.
    params.ft_weights[3 * HIDDEN + 40] = 1100;
    assert_eq!(
        validate(&params.encode()),
        Err(NetworkError::AccumulatorMayOverflow { neuron: 40 })
    );

    let mut bytes = random_params(6).encode();
    let at = HEADER_LEN + 2 * (INPUTS * HIDDEN + HIDDEN); // first output weight
    bytes[at..at + 2].copy_from_slice(&(-129i16).to_le_bytes());
    reseal(&mut bytes);
    assert_eq!(
        validate(&bytes),
        Err(NetworkError::OutputWeightOutOfRange { index: 0 })
    );

    // Every head's weights are checked, the last one's too.
    let mut params = random_bucketed_params(7, 8);
    let index = 7 * 2 * HIDDEN + 2 * HIDDEN - 1;
    params.out_weights[index] = -200;
    assert_eq!(
        validate(&params.encode()),
        Err(NetworkError::OutputWeightOutOfRange { index })
    );
}

/// Every candidate network kept beside the default loads (its checksum and value ranges
/// hold) and has its paragraph in the manifest, which names the file.
#[test]
fn every_candidate_network_loads_and_is_in_the_manifest() {
    let nets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("nets");
    let manifest = std::fs::read_to_string(nets.join("MANIFEST.md")).expect("the manifest");
    let mut seen = 0;
    for entry in std::fs::read_dir(nets.join("candidates")).expect("the candidates folder") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 name");
        let bytes = std::fs::read(&path).expect("a readable file");
        if let Err(e) = Network::from_bytes(&bytes) {
            panic!("{name}: {e}");
        }
        assert!(
            manifest.contains(&format!("candidates/{name}")),
            "{name} is not in MANIFEST.md"
        );
        seen += 1;
    }
    assert!(seen > 0, "no candidates found");
}
