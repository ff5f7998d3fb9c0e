import EmoSign
import EmoSite
import Foundation

// libFuzzer harness: a signed site's index as a store reads it. Each input is checked as the served file, and (when
// it decodes as the signed part) signed with a fixed key and checked again, so that mutations reach the pack id,
// file name and record checks behind the signature.
let key = try! SigningKey(
  bytes: hexBytes(
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
  ))

func hexBytes(_ hex: String) -> [UInt8] {
  var out: [UInt8] = []
  var i = hex.startIndex
  while i < hex.endIndex {
    let j = hex.index(i, offsetBy: 2)
    out.append(UInt8(hex[i..<j], radix: 16)!)
    i = j
  }
  return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSiteIndex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let trusted = [key.verifyingKey]
  _ = try? SiteIndex.verified(input, trusted: trusted, file: "index.json")
  if let signed = try? JSONDecoder().decode(SiteIndex.Signed.self, from: Data(input)),
    let message = try? SiteIndex.canonical(signed), let signature = try? key.sign(message),
    let bytes = try? SiteIndex(
      signed: signed, signatures: [.init(keyId: key.verifyingKey.id, signature: Data(signature).base64EncodedString())]
    ).fileBytes()
  {
    // Signed by the trusted key: only the record checks can refuse it, and what passes names only plain files.
    if let index = try? SiteIndex.verified(bytes, trusted: trusted, file: "index.json") {
      for pack in index.signed.packs {
        for f in pack.files where !SiteIndex.isPlainName(f.name) { fatalError("accepted file name \(f.name)") }
      }
    }
  }
  return 0
}
