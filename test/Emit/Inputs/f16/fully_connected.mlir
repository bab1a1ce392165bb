// xnn.fully_connected (linear with bias)
module {
  func.func @forward(%x: tensor<4x9xf16>) -> (tensor<4x6xf16>) {
    %w = "edge.constant"() {value = dense<"0x40B5A437B8B136B56136982BA8AB60B46CB1A0AEDD245F322735DFB09EAD6C21CF3732B7B02F8D2E1C26DE318737893735B77334322AC4B5D21FA8317834D7307A369E27823119B395B4D3B498B5DB352CB746B79F31B3B26B309035D7AD50B2DA30F5B70FB7C1B5AE2B8CB5"> : tensor<6x9xf16>} : () -> tensor<6x9xf16>
    %b = "edge.constant"() {value = dense<"0x6F3039B46A37E7B499ACA934"> : tensor<6xf16>} : () -> tensor<6xf16>
    %y = "edge.linear"(%x, %w, %b) : (tensor<4x9xf16>, tensor<6x9xf16>, tensor<6xf16>) -> tensor<4x6xf16>
    func.return %y : tensor<4x6xf16>
  }
}
