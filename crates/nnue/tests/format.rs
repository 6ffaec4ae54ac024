//! The network file: a file round-trips, and every kind of wrong file is refused with the
//! error that names what is wrong.

mod common;

use common::random_params;
use nnue::format::{ArchField, HEADER_LEN, PAYLOAD_LEN, QuantisedParams, validate};
use nnue::{HIDDEN, INPUTS, Network, NetworkError};

/// Rewrites the header checksum after a payload edit, so a test reaches the check it aims at.
fn reseal(bytes: &mut [u8]) {
    let sum = nnue::format::checksum(bytes, HEADER_LEN);
    bytes[40..48].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn a_written_network_reads_back_equal() {
    let params = random_params(9);
    let bytes = params.encode();
    assert_eq!(bytes.len(), HEADER_LEN + PAYLOAD_LEN);
    let net = Network::from_bytes(&bytes).expect("valid");
    assert_eq!(net.params(), params);
    assert_eq!(Network::embedded().params().encode().len(), bytes.len());
}

#[test]
fn wrong_files_are_refused_with_the_reason() {
    let good = random_params(4).encode();
    assert_eq!(validate(&good), Ok(()));

    assert_eq!(
        validate(&good[..10]),
        Err(NetworkError::TooShort { len: 10 })
    );

    let mut bad = good.clone();
    bad[0] = b'X';
    assert_eq!(validate(&bad), Err(NetworkError::BadMagic));

    let mut bad = good.clone();
    bad[8] = 2;
    assert_eq!(
        validate(&bad),
        Err(NetworkError::UnsupportedVersion { found: 2 })
    );

    let mut bad = good.clone();
    bad[16..20].copy_from_slice(&128u32.to_le_bytes());
    assert_eq!(
        validate(&bad),
        Err(NetworkError::ArchitectureMismatch {
            field: ArchField::Hidden,
            expected: HIDDEN as u32,
            found: 128
        })
    );

    let mut bad = good.clone();
    bad[20..24].copy_from_slice(&8u32.to_le_bytes());
    assert!(matches!(
        validate(&bad),
        Err(NetworkError::ArchitectureMismatch {
            field: ArchField::OutputBuckets,
            ..
        })
    ));

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
}
