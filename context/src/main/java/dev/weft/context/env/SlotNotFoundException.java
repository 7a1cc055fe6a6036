package dev.weft.context.env;

import dev.weft.context.error.ExitStatus;
import dev.weft.context.error.WeftException;

/** No slot or piece at an address: exit {@link ExitStatus#NOTHING_FOUND}, naming it and where the names are. */
public final class SlotNotFoundException extends WeftException {
  private static final long serialVersionUID = 1L;
  private final String address;

  SlotNotFoundException(String address, String message) {
    super(ExitStatus.NOTHING_FOUND, message);
    this.address = address;
  }

  static SlotNotFoundException slot(String name) {
    return new SlotNotFoundException(name, "no slot named '" + name + "'; digest() lists the slots");
  }

  static SlotNotFoundException piece(String address, String slot) {
    return new SlotNotFoundException(address, "no piece '" + address + "'; stat('" + slot
        + "') says how many pieces it has and pieces('" + slot + "') lists them");
  }

  /** The slot name or piece address that held nothing. */
  public String address() {
    return address;
  }
}
