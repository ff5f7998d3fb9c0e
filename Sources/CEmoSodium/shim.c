// libsodium behind return codes: see include/emosodium.h.
#include "emosodium.h"

// Built where EmoSign uses libsodium (Linux); Apple platforms use CryptoKit instead.
#if defined(__linux__)
#include <sodium.h>

int emosodium_init(void) { return sodium_init() < 0 ? -1 : 0; }

int emosodium_keypair(uint8_t public_key[32], uint8_t secret_key[64]) {
  if (emosodium_init() != 0 || !public_key || !secret_key) return -1;
  return crypto_sign_keypair(public_key, secret_key) == 0 ? 0 : -1;
}

int emosodium_public_key(const uint8_t secret_key[64], uint8_t public_key[32]) {
  if (emosodium_init() != 0 || !public_key || !secret_key) return -1;
  return crypto_sign_ed25519_sk_to_pk(public_key, secret_key) == 0 ? 0 : -1;
}

int emosodium_sign(uint8_t signature[64], const uint8_t *message, size_t size, const uint8_t secret_key[64]) {
  if (emosodium_init() != 0 || !signature || (!message && size) || !secret_key) return -1;
  return crypto_sign_detached(signature, NULL, message, size, secret_key) == 0 ? 0 : -1;
}

int emosodium_verify(const uint8_t signature[64], const uint8_t *message, size_t size, const uint8_t public_key[32]) {
  if (emosodium_init() != 0 || !signature || (!message && size) || !public_key) return -1;
  return crypto_sign_verify_detached(signature, message, size, public_key) == 0 ? 0 : -1;
}

int emosodium_sha256(uint8_t digest[32], const uint8_t *message, size_t size) {
  if (emosodium_init() != 0 || !digest || (!message && size)) return -1;
  return crypto_hash_sha256(digest, message, size) == 0 ? 0 : -1;
}

_Static_assert(sizeof(emosodium_sha256_state) >= sizeof(crypto_hash_sha256_state), "the state must hold libsodium's");

int emosodium_sha256_init(emosodium_sha256_state *state) {
  if (emosodium_init() != 0 || !state) return -1;
  return crypto_hash_sha256_init((crypto_hash_sha256_state *)state) == 0 ? 0 : -1;
}

int emosodium_sha256_update(emosodium_sha256_state *state, const uint8_t *message, size_t size) {
  if (!state || (!message && size)) return -1;
  return crypto_hash_sha256_update((crypto_hash_sha256_state *)state, message, size) == 0 ? 0 : -1;
}

int emosodium_sha256_final(emosodium_sha256_state *state, uint8_t digest[32]) {
  if (!state || !digest) return -1;
  return crypto_hash_sha256_final((crypto_hash_sha256_state *)state, digest) == 0 ? 0 : -1;
}

#endif
