// C shim over libsodium for emopack: Ed25519 keys and detached signatures, and SHA-256. libsodium reports errors
// by return values; every call here returns 0 on success and -1 otherwise.
#ifndef EMOSODIUM_H
#define EMOSODIUM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EMOSODIUM_PUBLIC_KEY_BYTES 32
#define EMOSODIUM_SECRET_KEY_BYTES 64
#define EMOSODIUM_SIGNATURE_BYTES 64
#define EMOSODIUM_SHA256_BYTES 32

/// Initialises libsodium (safe to call more than once); -1 when it cannot.
int emosodium_init(void);

/// A new Ed25519 key pair from the system's randomness.
int emosodium_keypair(uint8_t public_key[32], uint8_t secret_key[64]);

/// The public key inside a secret key.
int emosodium_public_key(const uint8_t secret_key[64], uint8_t public_key[32]);

/// The detached Ed25519 signature of `message`.
int emosodium_sign(uint8_t signature[64], const uint8_t *message, size_t size, const uint8_t secret_key[64]);

/// 0 when `signature` is `public_key`'s signature of `message`.
int emosodium_verify(const uint8_t signature[64], const uint8_t *message, size_t size, const uint8_t public_key[32]);

/// SHA-256 of `message`.
int emosodium_sha256(uint8_t digest[32], const uint8_t *message, size_t size);

/// SHA-256 fed in pieces (a download checked as it streams): the state is libsodium's, kept opaque and large enough.
typedef struct { _Alignas(16) uint8_t opaque[128]; } emosodium_sha256_state;
int emosodium_sha256_init(emosodium_sha256_state *state);
int emosodium_sha256_update(emosodium_sha256_state *state, const uint8_t *message, size_t size);
int emosodium_sha256_final(emosodium_sha256_state *state, uint8_t digest[32]);

#ifdef __cplusplus
}
#endif

#endif
